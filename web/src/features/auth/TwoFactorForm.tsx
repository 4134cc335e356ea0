import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP, normalizeTotpCode } from '@taktwerk/common';
import { verifyTwoFactor } from '../../app/auth/session-store';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { twoFactorErrorMessage } from './login-error';

interface TwoFactorFormProps {
  challengeToken: string;
  /** Any failure ends the attempt: sign-in starts again with the password, showing this message (spec part 1 §4). */
  onFailed: (message: string) => void;
}

/** Step two of sign-in for two-factor users: the 6-digit code. */
export function TwoFactorForm({ challengeToken, onFailed }: TwoFactorFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = code.length === TOTP.digits;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    setBusy(true);
    try {
      await verifyTwoFactor(challengeToken, code);
    } catch (error) {
      onFailed(twoFactorErrorMessage(error, t));
    }
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <Field label={t('auth.twoFactor.code')}>
        <Input
          name="code"
          className="code-input"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          value={code}
          onChange={(event) => setCode(normalizeTotpCode(event.target.value).slice(0, TOTP.digits))}
        />
      </Field>
      <Button type="submit" variant="primary" size="lg" busy={busy} disabled={!complete} className="form-submit">
        {t('auth.twoFactor.submit')}
      </Button>
    </form>
  );
}
