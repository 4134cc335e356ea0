import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Machine } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/Toast';
import { CodeBlock } from './CodeBlock';

interface TokenDialogProps {
  machine: Machine;
  /** The token in full, right after the machine was added or the token rotated; never available later. */
  freshToken: string | null;
  onClose: () => void;
  onRotate: () => Promise<void>;
}

/** The view/rotate-token dialog: the preview always, the full token only once. */
export function TokenDialog({ machine, freshToken, onClose, onRotate }: TokenDialogProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);

  async function handleRotate() {
    const confirmed = await confirm({
      title: t('machines.token.rotateConfirmTitle'),
      message: t('machines.token.rotateConfirm'),
      confirmLabel: t('machines.token.rotate'),
      tone: 'primary',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await onRotate();
      showToast({ type: 'success', title: t('machines.token.rotated') });
    } catch {
      showToast({ type: 'error', title: t('machines.token.rotateFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={t('machines.token.title')}
      description={t('machines.token.description', { name: machine.name })}
      onClose={onClose}
      footer={
        <>
          <Button onClick={handleRotate} busy={busy}>
            {t('machines.token.rotate')}
          </Button>
          <Button variant="primary" onClick={onClose}>
            {t('machines.token.close')}
          </Button>
        </>
      }
    >
      {freshToken && (
        <div className="secret-reveal">
          <p className="secret-warning" role="status">
            {t('machines.token.onceWarning')}
          </p>
          <CodeBlock code={freshToken} label={t('machines.token.newToken')} copyLabel={t('machines.token.copy')} />
        </div>
      )}
      <dl className="secret-preview">
        <dt>{t('machines.token.preview')}</dt>
        <dd>{machine.tokenPreview ?? t('machines.token.noToken')}</dd>
      </dl>
    </Dialog>
  );
}
