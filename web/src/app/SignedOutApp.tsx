import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginView } from '../features/auth/LoginView';
import { NotFoundPage } from './NotFoundPage';
import { PublicFrame } from './PublicFrame';
import { navigate, type HashRoute } from './router/hash-route';
import { isAppRoute, PUBLIC_ROUTES } from './routes';
import { usePageTitle } from './use-page-title';

/** Auth views are switched by buttons, not hashes (spec part 2 §2); a later issue adds sign-up and forgot. */
type AuthView = 'none' | 'login';

export function SignedOutApp({ route, params }: HashRoute) {
  const [view, setView] = useState<AuthView>('none');
  const Page = PUBLIC_ROUTES[route];

  useEffect(() => {
    if (route === 'signout') navigate('home', { replace: true });
  }, [route]);

  function handleShowLogin() {
    setView('login');
  }

  function handleBackHome() {
    setView('none');
    if (!Page) navigate('home');
  }

  if (route === 'signout') return null;
  if (view === 'login' || isAppRoute(route)) return <LoginView onBack={handleBackHome} />;
  if (Page) return <Page params={params} onLogin={handleShowLogin} onStartTrial={handleShowLogin} />;
  return <SignedOutNotFound slug={route} />;
}

function SignedOutNotFound({ slug }: { slug: string }) {
  const { t } = useTranslation();
  usePageTitle(t('shell.notFound.pageTitle'));
  return (
    <PublicFrame>
      <NotFoundPage slug={slug} />
    </PublicFrame>
  );
}
