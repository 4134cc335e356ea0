import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn } from '../../app/auth/session-store';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { PasswordInput } from '../../ui/PasswordInput';
import { loginErrorMessage } from './login-error';

interface FieldErrors {
  email?: string;
  password?: string;
}

interface CredentialsFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Shown on arrival, e.g. why the two-factor step sent the person back here. */
  initialError: string | null;
  /** Correct password of a two-factor user: the code step takes over. */
  onChallenge: (challengeToken: string) => void;
}

/** Step one of sign-in. On success the session store switches the app to the signed-in shell. */
export function CredentialsForm({ email, onEmailChange, initialError, onChallenge }: CredentialsFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const errors: FieldErrors = {
      email: trimmedEmail ? undefined : t('auth.login.emailRequired'),
      password: password ? undefined : t('auth.login.passwordRequired'),
    };
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await signIn(trimmedEmail, password);
      if (result.kind === 'two-factor') onChallenge(result.challengeToken);
    } catch (error) {
      setFormError(loginErrorMessage(error, t));
      setBusy(false);
    }
  }

  return (
    // Our own messages replace the browser's untranslated validation bubbles.
    <form className="form" onSubmit={handleSubmit} noValidate>
      <Field label={t('auth.login.email')} error={fieldErrors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </Field>
      <Field label={t('auth.login.password')} error={fieldErrors.password}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" busy={busy} className="form-submit">
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
