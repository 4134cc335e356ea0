import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordView } from '../features/auth/ForgotPasswordView';
import { LoginView } from '../features/auth/LoginView';
import { ResetPasswordView } from '../features/auth/ResetPasswordView';
import { SignupView } from '../features/auth/SignupView';
import { PublicCustomPage } from '../features/public-pages/CustomPage';
import { useSession } from './auth/use-session';
import { navigate, type HashRoute } from './router/hash-route';
import { isAppRoute, PUBLIC_ROUTES } from './routes';

type LoginNotice = 'registered' | 'passwordReset' | 'inactivity';

/**
 * Sign-up, login and forgot-password are views switched by buttons, not hashes (spec part 2 §2). A view belongs to
 * the route it was opened on: following any link to another route leaves it.
 */
type AuthView = { at: string } & ({ kind: 'none' } | { kind: 'login'; notice?: LoginNotice } | { kind: 'signup' } | { kind: 'forgot' });

/** Where a visitor starts: the login with a notice after an inactivity sign-out, or a view a mail link asks for. */
function initialView(at: string, requested: string | null, signedOutForInactivity: boolean): AuthView {
  if (signedOutForInactivity) return { at, kind: 'login', notice: 'inactivity' };
  if (requested === 'login' || requested === 'signup' || requested === 'forgot') return { at, kind: requested };
  return { at, kind: 'none' };
}

export function SignedOutApp({ route, params }: HashRoute) {
  const { t } = useTranslation();
  const session = useSession();
  const [openView, setView] = useState<AuthView>(() =>
    initialView(route, params.get('auth'), session.status === 'signed-out' && session.reason === 'inactivity'),
  );
  const view: AuthView = openView.at === route ? openView : { at: route, kind: 'none' };
  const Page = PUBLIC_ROUTES[route];

  useEffect(() => {
    if (route === 'signout') navigate('home', { replace: true });
  }, [route]);

  const showLogin = () => setView({ at: route, kind: 'login' });
  const showSignup = () => setView({ at: route, kind: 'signup' });
  const showForgot = () => setView({ at: route, kind: 'forgot' });

  function handleBackHome() {
    setView({ at: route, kind: 'none' });
    if (!Page) navigate('home');
  }

  /** Leaves a reset link (its token out of the address bar and history) for another auth view on #home. */
  function leaveResetLink(next: AuthView) {
    setView(next);
    navigate('home', { replace: true });
  }

  if (route === 'signout') return null;
  if (route === 'reset-password')
    return (
      <ResetPasswordView
        token={params.get('token')}
        onDone={() => leaveResetLink({ at: 'home', kind: 'login', notice: 'passwordReset' })}
        onForgot={() => leaveResetLink({ at: 'home', kind: 'forgot' })}
        onLogin={() => leaveResetLink({ at: 'home', kind: 'login' })}
      />
    );
  if (view.kind === 'signup')
    return <SignupView onRegistered={() => setView({ at: route, kind: 'login', notice: 'registered' })} onLogin={showLogin} onBack={handleBackHome} />;
  if (view.kind === 'forgot') return <ForgotPasswordView onLogin={showLogin} />;
  if (view.kind === 'login' || isAppRoute(route)) {
    const notice = view.kind === 'login' && view.notice ? t(`auth.login.${view.notice}`) : null;
    return <LoginView notice={notice} onBack={handleBackHome} onSignUp={showSignup} onForgot={showForgot} />;
  }
  if (Page) return <Page params={params} onLogin={showLogin} onStartTrial={showSignup} />;
  return <PublicCustomPage slug={route} />;
}
