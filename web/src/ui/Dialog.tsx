import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import { Icon } from './Icon';

interface DialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** 'alertdialog' for confirmations that must be answered. */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
}

/**
 * A modal built on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape fires `cancel`, and the browser returns focus to the opener on close.
 */
export function Dialog({ open, title, description, onClose, footer, size = 'md', role = 'dialog', children }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal() focuses the first focusable element (the close button); prefer the marked or first field.
      dialog.querySelector<HTMLElement>('[data-autofocus], .dialog-body :is(input, select, textarea)')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function handleCancel(event: SyntheticEvent) {
    // Keep the element open until the parent flips `open`, so React stays the source of truth.
    event.preventDefault();
    onClose();
  }

  function handleBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={ref}
      className={cx('dialog', `dialog-${size}`)}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={handleCancel}
      onClick={handleBackdropClick}
    >
      {open && (
        <div className="dialog-panel">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <button type="button" className="btn btn-ghost btn-sm btn-icon" onClick={onClose} aria-label={t('ui.dialog.close')}>
              <Icon name="close" />
            </button>
          </header>
          {description && (
            <p id={descriptionId} className="dialog-description">
              {description}
            </p>
          )}
          {children && <div className="dialog-body">{children}</div>}
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
