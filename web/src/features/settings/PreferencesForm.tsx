import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, LANGUAGES, MIN_SESSION_TIMEOUT_MINUTES, formatDateTime, type Preferences } from '@taktwerk/common';
import { useSavePreferences } from '../../app/preferences/use-preferences';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/Toast';
import { PreferenceFlags } from './PreferenceFlags';
import { NOTIFICATION_FLAGS, PRIVACY_FLAGS, timeZones, type PreferenceFlag } from './preference-options';

/** Theme, language, region, notification and privacy flags, session timeout (spec part 2 §2, §3). */
export function PreferencesForm({ initial }: { initial: Preferences }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const savePreferences = useSavePreferences();
  const [values, setValues] = useState(initial);
  const [timeout, setTimeoutText] = useState(String(initial.sessionTimeoutMinutes));
  const [timeoutError, setTimeoutError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => setValues((current) => ({ ...current, [key]: value }));
  const example = formatDateTime(new Date(), { timeZone: values.timezone, dateFormat: values.dateFormat });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minutes = Number(timeout);
    const validTimeout = /^\d+$/.test(timeout.trim()) && minutes >= MIN_SESSION_TIMEOUT_MINUTES;
    setTimeoutError(validTimeout ? null : t('settings.preferences.sessionTimeoutInvalid'));
    if (!validTimeout) return;
    setBusy(true);
    try {
      // Saving updates the preferences cache; the app applies theme and language from there at once.
      await savePreferences({ ...values, sessionTimeoutMinutes: minutes });
      showToast({ type: 'success', title: t('settings.preferences.saved') });
    } catch {
      showToast({ type: 'error', title: t('settings.preferences.saveFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('settings.preferences.title')} description={t('settings.preferences.description')}>
      <form className="settings-form settings-preferences" onSubmit={handleSubmit} noValidate>
        <fieldset className="settings-group settings-grid">
          <legend className="settings-group-title">{t('settings.preferences.appearance')}</legend>
          <Field label={t('settings.preferences.theme')}>
            <Select value={values.theme} onChange={(e) => set('theme', e.target.value as Preferences['theme'])}>
              <option value="light">{t('settings.preferences.themeLight')}</option>
              <option value="dark">{t('settings.preferences.themeDark')}</option>
            </Select>
          </Field>
          <Field label={t('settings.preferences.language')}>
            <Select value={values.language} onChange={(e) => set('language', e.target.value as Preferences['language'])}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`common.language.${language}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('settings.preferences.timezone')}>
            <Select value={values.timezone} onChange={(e) => set('timezone', e.target.value)}>
              {timeZones().map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('settings.preferences.dateFormat')} hint={t('settings.preferences.example', { example })}>
            <Select value={values.dateFormat} onChange={(e) => set('dateFormat', e.target.value as Preferences['dateFormat'])}>
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('settings.preferences.sessionTimeout')} hint={t('settings.preferences.sessionTimeoutHint')} error={timeoutError}>
            <Input type="number" inputMode="numeric" min={MIN_SESSION_TIMEOUT_MINUTES} step={1} value={timeout} onChange={(e) => setTimeoutText(e.target.value)} />
          </Field>
        </fieldset>
        <PreferenceFlags legend={t('settings.preferences.notifications')} flags={NOTIFICATION_FLAGS} values={values} onChange={(flag: PreferenceFlag, v) => set(flag, v)} />
        <PreferenceFlags legend={t('settings.preferences.privacy')} flags={PRIVACY_FLAGS} values={values} onChange={(flag: PreferenceFlag, v) => set(flag, v)} />
        <p className="settings-meta">{t('settings.preferences.note')}</p>
        <div className="settings-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {t('settings.preferences.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
