import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { navigate, routeHref } from './router/hash-route';

interface NotFoundPageProps {
  /** The requested route, shown in the message. */
  slug: string;
  /** Signed in: the user's dashboard. Signed out, the page offers the landing page instead. */
  dashboardRoute?: string;
}

export function NotFoundPage({ slug, dashboardRoute }: NotFoundPageProps) {
  const { t } = useTranslation();
  // Inside the shell the header already carries the page's h1.
  const Heading = dashboardRoute ? 'h2' : 'h1';

  function handleBack() {
    if (window.history.length > 1) window.history.back();
    else navigate('home');
  }

  return (
    <section className="not-found">
      <span className="not-found-icon">
        <Icon name="search" size={28} />
      </span>
      <Heading className="not-found-title">{t('shell.notFound.title')}</Heading>
      <p className="not-found-text">{t('shell.notFound.text', { slug })}</p>
      <div className="not-found-actions">
        <a className={buttonClass('primary')} href={routeHref(dashboardRoute ?? 'home')}>
          {dashboardRoute ? t('shell.notFound.goDashboard') : t('shell.notFound.goHome')}
        </a>
        <Button variant="secondary" icon={<Icon name="arrow-left" />} onClick={handleBack}>
          {t('shell.notFound.goBack')}
        </Button>
      </div>
    </section>
  );
}
