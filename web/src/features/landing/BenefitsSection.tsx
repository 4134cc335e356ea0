import { useTranslation } from 'react-i18next';
import type { LandingContent } from '@taktwerk/common';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { LandingSection } from './LandingSection';

export function BenefitsSection({ benefits }: { benefits: LandingContent['benefits'] }) {
  const { t } = useTranslation();
  return (
    <LandingSection id="benefits" title={t('landing.sections.benefitsTitle')}>
      {benefits.length === 0 ? (
        <EmptyState title={t('landing.empty.benefits')} />
      ) : (
        <ul className="benefit-list">
          {benefits.map((benefit) => (
            <li key={benefit.id} className="benefit-item">
              <Icon name="success" size={20} className="benefit-icon" />
              <span>{benefit.text}</span>
            </li>
          ))}
        </ul>
      )}
    </LandingSection>
  );
}
