import { useCallback, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SECURITY } from '@taktwerk/common';
import { resolveLanguage, setLanguage } from '../../i18n/language';
import { useToast } from '../../ui/Toast';
import { useInactivityTimeout } from '../auth/inactivity';
import { signOut } from '../auth/session-store';
import { BootScreen } from '../BootScreen';
import { setTheme, clearTheme } from '../theme';
import { usePreferences } from './use-preferences';

/**
 * The signed-in app appears once the preferences are known (spec part 1 §4: not before the language is resolved);
 * their theme and language apply at once and whenever they change; the inactivity sign-out follows their timeout.
 */
export function PreferencesGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { data, error } = usePreferences();
  const theme = data?.theme;
  const language = data?.language;

  // Before paint, so the app never shows a frame in the previous theme or language.
  useLayoutEffect(() => {
    if (theme) setTheme(theme);
    if (language) setLanguage(resolveLanguage(language, null, undefined));
  }, [theme, language]);

  useEffect(() => {
    if (error) showToast({ type: 'error', title: t('settings.preferences.loadFailed') });
  }, [error, showToast, t]);

  const handleTimeout = useCallback(() => {
    void signOut('inactivity')
      .catch(() => undefined)
      .finally(clearTheme);
  }, []);
  useInactivityTimeout(data?.sessionTimeoutMinutes ?? DEFAULT_SECURITY.sessionTimeoutMinutes, handleTimeout);

  if (!data && !error) return <BootScreen />;
  return children;
}
