import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig } from 'swr';
import { homeRouteFor } from '@taktwerk/common';
import { SignedInCustomPage } from '../features/public-pages/CustomPage';
import { useAccount } from './auth/use-account';
import { NotFoundPage } from './NotFoundPage';
import { PreferencesGate } from './preferences/PreferencesGate';
import { navigate, type HashRoute } from './router/hash-route';
import { APP_ROUTES, isAppRoute } from './routes';
import { AppShell } from './shell/AppShell';
import { SignOutScreen } from './SignOutScreen';

// A fresh SWR cache per signed-in user (the parent keys this component by user id): no data outlives a session.
const swrOptions = { provider: () => new Map() };

export function SignedInApp({ route, params }: HashRoute) {
  return (
    <SWRConfig value={swrOptions}>
      <PreferencesGate>
        <SignedInRoutes route={route} params={params} />
      </PreferencesGate>
    </SWRConfig>
  );
}

function SignedInRoutes({ route, params }: HashRoute) {
  const { t } = useTranslation();
  const { user } = useAccount();
  const dashboardRoute = homeRouteFor(user);

  useEffect(() => {
    if (route === 'home') navigate(dashboardRoute, { replace: true });
  }, [route, dashboardRoute]);

  if (route === 'home') return null;
  if (route === 'signout') return <SignOutScreen />;

  const definition = APP_ROUTES[route];
  if (!definition && !isAppRoute(route)) return <SignedInCustomPage slug={route} route={route} dashboardRoute={dashboardRoute} />;
  if (!definition) {
    return (
      <AppShell route={route} title={t('shell.notFound.pageTitle')}>
        <NotFoundPage slug={route} dashboardRoute={dashboardRoute} />
      </AppShell>
    );
  }
  return (
    <AppShell route={route} title={t(definition.title)}>
      <definition.Screen params={params} />
    </AppShell>
  );
}
