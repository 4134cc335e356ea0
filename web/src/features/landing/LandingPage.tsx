import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LandingContent } from '@taktwerk/common';
import type { PublicPageProps } from '../../app/routes';
import { useHashRoute } from '../../app/router/hash-route';
import { usePageTitle } from '../../app/use-page-title';
import { useLanguage } from '../../i18n/language';
import { LoadingState } from '../../ui/Spinner';
import { BenefitsSection } from './BenefitsSection';
import { FeaturesSection } from './FeaturesSection';
import { LandingHero } from './LandingHero';
import { LandingTopBar } from './LandingTopBar';
import { PricingSection } from './PricingSection';
import { SiteLinks } from './SiteLinks';
import { TestimonialsSection } from './TestimonialsSection';
import { useLandingContent } from './use-landing-content';
import './landing.css';

// A failed read shows the sections' empty states, like an empty table would (spec part 1 §8).
const NOTHING: LandingContent = { features: [], benefits: [], testimonials: [], plans: [], headerLinks: [], footerLinks: [] };

/** The public landing page (spec part 1 §2); its content comes from the database in the visitor's language. */
export function LandingPage({ onLogin, onStartTrial }: PublicPageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { route } = useHashRoute();
  const { data, error, isLoading } = useLandingContent(language);
  const content = data ?? NOTHING;
  usePageTitle(undefined);

  // #features, #benefits, #pricing and #testimonials open the landing page at that section.
  useEffect(() => {
    if (!isLoading) document.getElementById(route)?.scrollIntoView({ block: 'start' });
  }, [route, isLoading]);

  return (
    <div className="landing">
      <LandingTopBar links={content.headerLinks} onLogin={onLogin} onStartTrial={onStartTrial} />
      <main>
        <LandingHero onStartTrial={onStartTrial} onLogin={onLogin} />
        {isLoading && !error ? (
          <LoadingState label={t('landing.loading')} />
        ) : (
          <>
            <FeaturesSection features={content.features} />
            <BenefitsSection benefits={content.benefits} />
            <PricingSection plans={content.plans} onChoose={onStartTrial} />
            <TestimonialsSection testimonials={content.testimonials} />
          </>
        )}
      </main>
      <footer className="landing-footer">
        <SiteLinks links={content.footerLinks} label={t('landing.sections.footerLinks')} className="landing-footer-links" />
        <p>{t('common.footer.copyright', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
