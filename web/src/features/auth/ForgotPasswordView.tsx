import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordResponseSchema } from '@taktwerk/common';
import { ApiError, requestJson } from '../../app/http-json';
import { usePublicConfig } from '../../app/public-config';
import { routeHref } from '../../app/router/hash-route';
import { useLanguage } from '../../i18n/language';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Icon } from '../../ui/Icon';
import { Input } from '../../ui/Input';
import { AuthCard } from './AuthCard';

/** Forgot password: the address, then a confirmation that reads the same whether or not it has an account. */
export function ForgotPasswordView({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: config } = usePublicConfig();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    setFieldError(trimmed ? null : t('auth.errors.emailRequired'));
    setFormError(null);
    if (!trimmed) return;
    setBusy(true);
    try {
      forgotPasswordResponseSchema.parse(await requestJson('/auth/password/forgot', { method: 'POST', body: { email: trimmed, language } }));
      setSentTo(trimmed);
    } catch (error) {
      const limited = error instanceof ApiError && error.code === 'too_many_attempts';
      setFormError(limited ? t('auth.errors.tooManyResetAttempts') : t('auth.errors.forgotFailed'));
    } finally {
      setBusy(false);
    }
  }

  const backToLogin = (
    <button type="button" className="link-button" onClick={onLogin}>
      <Icon name="arrow-left" size={16} />
      {t('auth.forgot.backToLogin')}
    </button>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')} footer={backToLogin}>
        <p className="auth-text" role="status">
          {t('auth.forgot.sentText', { email: sentTo })}
        </p>
        {config?.devMailbox && (
          <a className="btn btn-secondary btn-md form-submit" href={routeHref('dev-mailbox')}>
            <Icon name="inbox" />
            {t('auth.forgot.devMailbox')}
          </a>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={backToLogin}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <Field label={t('auth.forgot.email')} error={fieldError}>
          <Input type="email" name="email" autoComplete="email" inputMode="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" variant="primary" size="lg" busy={busy} className="form-submit">
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
