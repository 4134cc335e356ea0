import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SECURITY, newPasswordIssue, selfServicePolicy, type AccountIssue } from '@taktwerk/common';
import { ApiError, requestJson } from '../../app/http-json';
import { usePublicConfig } from '../../app/public-config';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Icon } from '../../ui/Icon';
import { PasswordInput } from '../../ui/PasswordInput';
import { accountErrorMessage, issueFromError, issueMessage } from './account-issues';
import { AuthCard } from './AuthCard';

interface ResetPasswordViewProps {
  /** From the mailed link (#reset-password?token=…). */
  token: string | null;
  onDone: () => void;
  onForgot: () => void;
  onLogin: () => void;
}

/** Sets a new password from a one-hour, single-use reset link. */
export function ResetPasswordView({ token, onDone, onForgot, onLogin }: ResetPasswordViewProps) {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  const policy = selfServicePolicy(config?.passwordPolicy ?? { minLength: DEFAULT_SECURITY.passwordMinLength, requireSpecialChars: DEFAULT_SECURITY.requireSpecialChars });
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [issue, setIssue] = useState<AccountIssue | null>(null);
  const [formError, setFormError] = useState<string | null>(token ? null : t('auth.reset.missingToken'));
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = newPasswordIssue(password, confirmPassword, policy);
    setIssue(found);
    if (found || !token) return;
    setBusy(true);
    try {
      await requestJson('/auth/password/reset', { method: 'POST', body: { token, password, confirmPassword } });
      onDone();
    } catch (error) {
      const invalidLink = error instanceof ApiError && error.code === 'invalid_reset_token';
      setLinkInvalid(invalidLink);
      setIssue(issueFromError(error));
      if (!issueFromError(error))
        setFormError(invalidLink ? t('auth.errors.resetTokenInvalid') : accountErrorMessage(error, t, 'self-service', t('auth.errors.resetFailed')));
      setBusy(false);
    }
  }

  const message = issue ? issueMessage(issue, t, 'self-service') : null;
  const passwordError = issue && issue.code !== 'passwords_mismatch' ? message : null;
  const confirmError = issue?.code === 'passwords_mismatch' ? message : null;

  return (
    <AuthCard
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <button type="button" className="link-button" onClick={onLogin}>
          <Icon name="arrow-left" size={16} />
          {t('auth.reset.backToLogin')}
        </button>
      }
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <Field label={t('auth.reset.password')} error={passwordError}>
          <PasswordInput name="new-password" autoComplete="new-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label={t('auth.reset.confirmPassword')} error={confirmError}>
          <PasswordInput name="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        </Field>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        {linkInvalid ? (
          <Button variant="secondary" size="lg" className="form-submit" onClick={onForgot}>
            {t('auth.reset.requestNew')}
          </Button>
        ) : (
          <Button type="submit" variant="primary" size="lg" busy={busy} className="form-submit">
            {t('auth.reset.submit')}
          </Button>
        )}
      </form>
    </AuthCard>
  );
}
