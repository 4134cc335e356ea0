import { useTranslation } from 'react-i18next';
import type { SiteLink } from '@taktwerk/common';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { routeHref } from '../../app/router/hash-route';
import { ThemeToggle } from '../../app/ThemeToggle';
import { Button } from '../../ui/Button';
import { Logo } from '../../ui/Logo';
import { SiteLinks } from './SiteLinks';

interface LandingTopBarProps {
  links: SiteLink[];
  onLogin: () => void;
  onStartTrial: () => void;
}

export function LandingTopBar({ links, onLogin, onStartTrial }: LandingTopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="landing-bar">
      <a href={routeHref('home')} className="brand-link" aria-label={t('common.brand.home')}>
        <Logo />
      </a>
      <SiteLinks links={links} label={t('landing.sections.headerLinks')} className="landing-bar-links" />
      <div className="toolbar landing-bar-actions">
        <LanguageSwitch />
        <ThemeToggle />
        <Button variant="ghost" onClick={onLogin}>
          {t('landing.nav.login')}
        </Button>
        <Button variant="primary" className="landing-bar-trial" onClick={onStartTrial}>
          {t('landing.nav.startTrial')}
        </Button>
      </div>
    </header>
  );
}
