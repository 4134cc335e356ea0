import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../ui/Logo';
import { LanguageSwitch } from './LanguageSwitch';
import { routeHref } from './router/hash-route';
import { ThemeToggle } from './ThemeToggle';

/** The frame of signed-out pages other than the landing page: brand, language and theme, centred content. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-frame">
      <header className="public-frame-bar">
        <a href={routeHref('home')} className="brand-link" aria-label={t('common.brand.home')}>
          <Logo />
        </a>
        <div className="toolbar">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="public-frame-main">{children}</main>
    </div>
  );
}
