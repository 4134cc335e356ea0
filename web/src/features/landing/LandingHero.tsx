import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { DemoMachineCard } from './DemoMachineCard';

interface LandingHeroProps {
  onStartTrial: () => void;
  onLogin: () => void;
}

export function LandingHero({ onStartTrial, onLogin }: LandingHeroProps) {
  const { t } = useTranslation();
  return (
    <section className="hero" aria-labelledby="hero-headline">
      <div className="hero-text">
        <p className="hero-eyebrow">{t('landing.hero.eyebrow')}</p>
        <h1 id="hero-headline" className="hero-headline">
          {t('landing.hero.headline')}
        </h1>
        <p className="hero-subline">{t('landing.hero.subline')}</p>
        <div className="hero-actions">
          <Button variant="primary" size="lg" onClick={onStartTrial}>
            {t('landing.nav.startTrial')}
            <Icon name="arrow-right" />
          </Button>
          <Button variant="secondary" size="lg" onClick={onLogin}>
            {t('landing.nav.login')}
          </Button>
        </div>
      </div>
      <DemoMachineCard />
    </section>
  );
}
