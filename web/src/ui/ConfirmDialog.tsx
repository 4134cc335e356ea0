import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Danger (the default) for deletions, primary for other irreversible steps. */
  tone?: 'danger' | 'primary';
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** `await confirm({ message })` resolves true when the user confirms, false on cancel or Escape. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}

interface PendingConfirm {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingConfirm | null>(null);

  const confirm = useCallback<Confirm>((options) => new Promise((resolve) => setPending({ options, resolve })), []);

  function settle(confirmed: boolean) {
    pending?.resolve(confirmed);
    setPending(null);
  }

  function handleCancel() {
    settle(false);
  }

  function handleConfirm() {
    settle(true);
  }

  const tone = pending?.options.tone ?? 'danger';
  return (
    <ConfirmContext value={confirm}>
      {children}
      <Dialog
        open={pending !== null}
        role="alertdialog"
        size="sm"
        title={pending?.options.title ?? t('ui.confirm.title')}
        description={pending?.options.message}
        onClose={handleCancel}
        footer={
          <>
            {/* Cancel takes the focus so a stray Enter never deletes anything. */}
            <Button variant="ghost" onClick={handleCancel} data-autofocus>
              {t('ui.confirm.cancel')}
            </Button>
            <Button variant={tone} onClick={handleConfirm}>
              {pending?.options.confirmLabel ?? (tone === 'danger' ? t('ui.confirm.delete') : t('ui.confirm.confirm'))}
            </Button>
          </>
        }
      />
    </ConfirmContext>
  );
}
