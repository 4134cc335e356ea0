import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@taktwerk/common';
import { Icon } from '../../ui/Icon';
import { useDateFormat } from '../preferences/use-date-display';
import { routeHref } from '../router/hash-route';

/** Trial and past-due notices above the content, for customers only (spec part 1 §4). */
export function BillingBanner({ account: { user, organization } }: { account: MeResponse }) {
  const { t } = useTranslation();
  // In the user's time zone and date format, like every date in the app.
  const { date } = useDateFormat();
  if (user.role === 'admin') return null;

  if (organization.billingStatus === 'trialing') {
    const text = organization.trialEndsAt
      ? t('shell.banner.trialingUntil', { date: date(organization.trialEndsAt) })
      : t('shell.banner.trialing');
    return (
      <div className="banner banner-info" role="status">
        <Icon name="info" />
        <p>{text}</p>
        <a href={routeHref('billing')}>{t('shell.banner.trialingLink')}</a>
      </div>
    );
  }

  if (organization.billingStatus === 'past_due') {
    return (
      <div className="banner banner-critical" role="alert">
        <Icon name="warning" />
        <p>{t('shell.banner.pastDue')}</p>
        <a href={routeHref('billing')}>{t('shell.banner.pastDueLink')}</a>
      </div>
    );
  }

  return null;
}
