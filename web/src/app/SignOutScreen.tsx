import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/Toast';
import { signOut } from './auth/session-store';
import { BootScreen } from './BootScreen';
import { errorMessage } from './error-message';
import { clearTheme } from './theme';

/** #signout: ends the session; once signed out, SignedOutApp moves on to #home. */
export function SignOutScreen() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  // StrictMode runs effects twice in development; one sign-out (and at most one toast) is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut()
      .catch((error: unknown) => showToast({ type: 'error', title: t('shell.signOut.failed'), message: errorMessage(error, t) }))
      .finally(clearTheme);
  }, [showToast, t]);

  return <BootScreen label={t('shell.signOut.busy')} />;
}
