import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP, normalizeTotpCode, sessionResponseSchema, type TwoFactorSetupResponse } from '@taktwerk/common';
import { apiFetch, ApiError } from '../../app/api-client';
import { useAdoptSession } from '../../app/auth/use-account';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { useToast } from '../../ui/Toast';

interface TwoFactorSetupProps {
  setup: TwoFactorSetupResponse;
  onEnabled: () => void;
  onCancel: () => void;
}

/** The new secret as QR code and as text, and the code that proves the app has it. */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const adoptSession = useAdoptSession();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = code.length === TOTP.digits;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    setBusy(true);
    try {
      adoptSession(await apiFetch('/me/two-factor/enable', sessionResponseSchema, { method: 'POST', body: { code } }));
      onEnabled();
    } catch (error) {
      setBusy(false);
      setCode('');
      if (error instanceof ApiError && error.code === 'invalid_two_factor_code')
        showToast({ type: 'error', title: t('settings.twoFactor.invalidCodeTitle'), message: t('settings.twoFactor.invalidCode') });
      else showToast({ type: 'error', title: t('settings.twoFactor.failed') });
    }
  }

  return (
    <form className="two-factor-setup" onSubmit={handleSubmit} noValidate>
      <img className="two-factor-qr" src={setup.qrCode} alt={t('settings.twoFactor.qrAlt')} width={200} height={200} />
      <div className="form two-factor-steps">
        <p className="settings-meta">{t('settings.twoFactor.scan')}</p>
        <Field label={t('settings.twoFactor.secret')}>
          <Input className="two-factor-secret" value={setup.secret} readOnly onFocus={(e) => e.currentTarget.select()} />
        </Field>
        <Field label={t('settings.twoFactor.code')}>
          <Input
            name="code"
            className="two-factor-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            value={code}
            onChange={(e) => setCode(normalizeTotpCode(e.target.value).slice(0, TOTP.digits))}
          />
        </Field>
        <div className="settings-actions">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('settings.twoFactor.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!complete}>
            {t('settings.twoFactor.enable')}
          </Button>
        </div>
      </div>
    </form>
  );
}
