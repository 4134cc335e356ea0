import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionResponseSchema, twoFactorSetupResponseSchema, type TwoFactorSetupResponse } from '@taktwerk/common';
import { apiFetch } from '../../app/api-client';
import { useAccount, useAdoptSession } from '../../app/auth/use-account';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/Toast';
import { TwoFactorSetup } from './TwoFactorSetup';

/** Not enabled → secret and QR code → code verified → enabled; disabling asks first (spec part 2 §4). */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const { user } = useAccount();
  const adoptSession = useAdoptSession();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleStart() {
    setBusy(true);
    try {
      setSetup(await apiFetch('/me/two-factor/setup', twoFactorSetupResponseSchema, { method: 'POST' }));
    } catch {
      showToast({ type: 'error', title: t('settings.twoFactor.failed') });
    } finally {
      setBusy(false);
    }
  }

  function handleEnabled() {
    setSetup(null);
    showToast({ type: 'success', title: t('settings.twoFactor.enabled') });
  }

  async function handleDisable() {
    const confirmed = await confirm({
      title: t('settings.twoFactor.disableTitle'),
      message: t('settings.twoFactor.disableMessage'),
      confirmLabel: t('settings.twoFactor.disableConfirm'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      adoptSession(await apiFetch('/me/two-factor/disable', sessionResponseSchema, { method: 'POST' }));
      showToast({ type: 'success', title: t('settings.twoFactor.disabled') });
    } catch {
      showToast({ type: 'error', title: t('settings.twoFactor.failed') });
    } finally {
      setBusy(false);
    }
  }

  const status = user.twoFactorEnabled ? (
    <Badge tone="success">{t('settings.twoFactor.on')}</Badge>
  ) : (
    <Badge tone="neutral">{t('settings.twoFactor.off')}</Badge>
  );

  return (
    <Card title={t('settings.twoFactor.title')} description={t('settings.twoFactor.description')} actions={status}>
      {setup ? (
        <TwoFactorSetup setup={setup} onEnabled={handleEnabled} onCancel={() => setSetup(null)} />
      ) : (
        <div className="settings-form">
          <p className="settings-meta">{t('settings.twoFactor.sessionsNote')}</p>
          <div className="settings-actions">
            {user.twoFactorEnabled ? (
              <Button variant="danger" busy={busy} onClick={handleDisable}>
                {t('settings.twoFactor.disable')}
              </Button>
            ) : (
              <Button variant="primary" busy={busy} onClick={handleStart}>
                {t('settings.twoFactor.setUp')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
