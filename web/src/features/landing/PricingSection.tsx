import { useTranslation } from 'react-i18next';
import type { LandingPlan } from '@taktwerk/common';
import { routeHref } from '../../app/router/hash-route';
import { useLanguage } from '../../i18n/language';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { LandingSection } from './LandingSection';

// The plan features a pricing card lists, in this order: limits with their number, then flags that are on.
const LIMITS = ['machineLimit', 'tagLimit', 'ingestPointsPerDay', 'retentionDays', 'dashboardsLimit', 'alertsLimit', 'teamUsersLimit'] as const;
const FLAGS = ['emailNotifications', 'webhookNotifications', 'apiAccess', 'maintenanceEnabled', 'ssoEnabled', 'prioritySupport'] as const;

interface PricingSectionProps {
  plans: LandingPlan[];
  onChoose: () => void;
}

export function PricingSection({ plans, onChoose }: PricingSectionProps) {
  const { t } = useTranslation();
  return (
    <LandingSection id="pricing" title={t('landing.sections.pricingTitle')} intro={t('landing.sections.pricingIntro')}>
      {plans.length === 0 ? (
        <EmptyState
          title={t('landing.empty.plans')}
          action={<a href={routeHref('preview-config')}>{t('landing.empty.plansLink')}</a>}
        />
      ) : (
        <ul className="pricing-grid">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </LandingSection>
  );
}

function PlanCard({ plan, onChoose }: { plan: LandingPlan; onChoose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = new Intl.NumberFormat(language);
  const price = new Intl.NumberFormat(language, { style: 'currency', currency: plan.currency, maximumFractionDigits: 2, minimumFractionDigits: 0 });
  const limits = LIMITS.filter((key) => typeof plan.features[key] === 'number');
  const flags = FLAGS.filter((key) => plan.features[key] === true);

  return (
    <li className="pricing-card">
      <h3 className="pricing-name">{plan.name}</h3>
      <p className="pricing-price">
        <span className="pricing-amount">{price.format(plan.price)}</span>
        <span className="pricing-interval">{plan.interval === 'year' ? t('landing.pricing.perYear') : t('landing.pricing.perMonth')}</span>
      </p>
      <ul className="pricing-features">
        {limits.map((key) => (
          <li key={key}>
            <Icon name="success" size={16} />
            {t(`landing.pricing.${key}`, { count: plan.features[key] as number, value: number.format(plan.features[key] as number) })}
          </li>
        ))}
        {flags.map((key) => (
          <li key={key}>
            <Icon name="success" size={16} />
            {t(`landing.pricing.${key}`)}
          </li>
        ))}
      </ul>
      <Button variant="primary" className="pricing-choose" onClick={onChoose}>
        {t('landing.pricing.choose')}
      </Button>
    </li>
  );
}
