import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SECURITY, newPasswordIssue, selfServicePolicy, sessionResponseSchema, type AccountIssue } from '@taktwerk/common';
import { apiFetch } from '../../app/api-client';
import { useAdoptSession } from '../../app/auth/use-account';
import { usePublicConfig } from '../../app/public-config';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { PasswordInput } from '../../ui/PasswordInput';
import { useToast } from '../../ui/Toast';
import { issueFromError, issueMessage } from '../auth/account-issues';

/** New password twice; every other session ends and this one continues (SECURITY.md item 6). */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const adoptSession = useAdoptSession();
  const { data: config } = usePublicConfig();
  const policy = selfServicePolicy(config?.passwordPolicy ?? { minLength: DEFAULT_SECURITY.passwordMinLength, requireSpecialChars: DEFAULT_SECURITY.requireSpecialChars });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [issue, setIssue] = useState<AccountIssue | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordIssue(password, confirmPassword, policy);
    setIssue(found);
    if (found) return;
    setBusy(true);
    try {
      adoptSession(await apiFetch('/me/password', sessionResponseSchema, { method: 'POST', body: { password, confirmPassword } }));
      setPassword('');
      setConfirmPassword('');
      showToast({ type: 'success', title: t('settings.password.updated') });
    } catch (error) {
      const refused = issueFromError(error);
      setIssue(refused);
      if (!refused) showToast({ type: 'error', title: t('settings.password.failed') });
    } finally {
      setBusy(false);
    }
  }

  const message = issue ? issueMessage(issue, t, 'self-service') : null;
  return (
    <Card title={t('settings.password.title')} description={t('settings.password.description')}>
      <form className="form settings-form" onSubmit={handleSubmit} noValidate>
        <Field label={t('settings.password.newPassword')} error={issue?.code === 'passwords_mismatch' ? null : message}>
          <PasswordInput name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label={t('settings.password.confirmPassword')} error={issue?.code === 'passwords_mismatch' ? message : null}>
          <PasswordInput
            name="confirm-password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </Field>
        <div className="settings-actions">
          <Button type="submit" variant="primary" busy={busy}>
            {t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
