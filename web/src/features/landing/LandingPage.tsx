import { useTranslation } from 'react-i18next';
import type { PublicPageProps } from '../../app/routes';
import { usePageTitle } from '../../app/use-page-title';
import { LandingHero } from './LandingHero';
import { LandingTopBar } from './LandingTopBar';
import './landing.css';

/** The public landing page. Features, benefits, pricing and testimonials sections come from the database later. */
export function LandingPage({ onLogin, onStartTrial }: PublicPageProps) {
  const { t } = useTranslation();
  usePageTitle(undefined);

  return (
    <div className="landing">
      <LandingTopBar onLogin={onLogin} onStartTrial={onStartTrial} />
      <main>
        <LandingHero onStartTrial={onStartTrial} onLogin={onLogin} />
      </main>
      <footer className="landing-footer">{t('common.footer.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
