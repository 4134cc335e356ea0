import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreferencesUpdate } from '@taktwerk/common';
import { useToast } from '../../ui/Toast';
import { useSavePreferences } from './use-preferences';

/** The header's language and theme switches apply at once and are saved to the preferences in the background. */
export function useSaveHeaderPreference(): (update: Pick<PreferencesUpdate, 'language' | 'theme'>) => void {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const savePreferences = useSavePreferences();
  return useCallback(
    (update) => {
      savePreferences(update).catch(() => showToast({ type: 'error', title: t('settings.preferences.saveFailed') }));
    },
    [savePreferences, showToast, t],
  );
}
