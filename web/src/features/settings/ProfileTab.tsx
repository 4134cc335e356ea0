import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileResponseSchema } from '@taktwerk/common';
import { apiFetch } from '../../app/api-client';
import { useAccount, useUpdateAccount } from '../../app/auth/use-account';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { useToast } from '../../ui/Toast';

/** Name editable, email read-only (spec part 2 §5). */
export function ProfileTab() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const account = useAccount();
  const updateAccount = useUpdateAccount();
  const { dateTime } = useDateFormat();
  const [name, setName] = useState(account.user.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed ? null : t('settings.profile.nameRequired'));
    if (!trimmed) return;
    setBusy(true);
    try {
      const { user } = await apiFetch('/me/profile', profileResponseSchema, { method: 'PATCH', body: { name: trimmed } });
      updateAccount({ ...account, user });
      setName(user.name);
      showToast({ type: 'success', title: t('settings.profile.saved') });
    } catch {
      showToast({ type: 'error', title: t('settings.profile.saveFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('settings.profile.title')} description={t('settings.profile.description')}>
      <form className="form settings-form" onSubmit={handleSubmit} noValidate>
        <Field label={t('settings.profile.name')} error={nameError}>
          <Input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={t('settings.profile.email')} hint={t('settings.profile.emailHint')}>
          <Input type="email" value={account.user.email} readOnly />
        </Field>
        <p className="settings-meta">
          {t('settings.profile.lastLogin')}: {account.user.lastLogin ? dateTime(account.user.lastLogin) : t('settings.profile.never')}
        </p>
        <div className="settings-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {t('settings.profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
