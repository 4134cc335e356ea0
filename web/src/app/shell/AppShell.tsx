import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { Icon } from '../../ui/Icon';
import { useAccount } from '../auth/use-account';
import { usePageTitle } from '../use-page-title';
import { BillingBanner } from './BillingBanner';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import './shell.css';

interface AppShellProps {
  route: string;
  title: string;
  children: ReactNode;
}

export function AppShell({ route, title, children }: AppShellProps) {
  const { t } = useTranslation();
  const account = useAccount();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const shownRoute = useRef<string | null>(null);
  usePageTitle(title);

  // After navigating, move focus to the new content so keyboard and screen-reader users start there.
  useEffect(() => {
    if (shownRoute.current !== null && shownRoute.current !== route) mainRef.current?.focus();
    shownRoute.current = route;
  }, [route]);

  function handleOpenMenu() {
    setMenuOpen(true);
  }

  function handleCloseMenu() {
    setMenuOpen(false);
  }

  function handleSkipToContent() {
    mainRef.current?.focus();
  }

  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={handleSkipToContent}>
        {t('shell.header.skipToContent')}
      </button>
      <aside className="shell-sidebar">
        <Sidebar account={account} currentRoute={route} />
      </aside>
      <Drawer open={menuOpen} onClose={handleCloseMenu} label={t('shell.nav.label')}>
        <Button
          variant="ghost"
          iconOnly
          className="drawer-close"
          aria-label={t('shell.header.closeMenu')}
          onClick={handleCloseMenu}
          icon={<Icon name="close" />}
        />
        <Sidebar account={account} currentRoute={route} onNavigate={handleCloseMenu} />
      </Drawer>
      <div className="shell-main">
        <Header title={title} menuOpen={menuOpen} onOpenMenu={handleOpenMenu} />
        <BillingBanner account={account} />
        <main ref={mainRef} className="shell-content" tabIndex={-1}>
          {children}
        </main>
        <footer className="shell-footer">{t('common.footer.copyright', { year: new Date().getFullYear() })}</footer>
      </div>
    </div>
  );
}
