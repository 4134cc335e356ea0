import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/use-preferences';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { PreferencesForm } from './PreferencesForm';

export function PreferencesTab() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = usePreferences();
  if (isLoading) return <LoadingState />;
  if (!data || error)
    return (
      <EmptyState
        icon="warning"
        title={t('settings.preferences.loadFailed')}
        action={<Button onClick={() => void mutate()}>{t('settings.preferences.retry')}</Button>}
      />
    );
  // Keyed by the saved row: after a save the form starts again from what the server stored.
  return <PreferencesForm key={JSON.stringify(data)} initial={data} />;
}
