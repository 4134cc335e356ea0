import { useTranslation } from 'react-i18next';
import type { LandingContent } from '@taktwerk/common';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { ICON_PATHS, type IconName } from '../../ui/icon-paths';
import { LandingSection } from './LandingSection';

const iconOf = (name: string): IconName => (name in ICON_PATHS ? (name as IconName) : 'layers');

export function FeaturesSection({ features }: { features: LandingContent['features'] }) {
  const { t } = useTranslation();
  return (
    <LandingSection id="features" title={t('landing.sections.featuresTitle')} intro={t('landing.sections.featuresIntro')}>
      {features.length === 0 ? (
        <EmptyState title={t('landing.empty.features')} />
      ) : (
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.id} className="feature-card">
              <span className="feature-icon">
                <Icon name={iconOf(feature.iconName)} size={22} />
              </span>
              <h3 className="feature-title">{feature.title}</h3>
              <p className="feature-description">{feature.description}</p>
            </li>
          ))}
        </ul>
      )}
    </LandingSection>
  );
}
