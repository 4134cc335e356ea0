import { useEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Names the drawer for screen readers. */
  label: string;
  children: ReactNode;
}

/**
 * A panel sliding in from the left, built on the native modal <dialog> like Dialog: the page behind is inert,
 * Escape closes it and the browser hands focus back to the button that opened it.
 */
export function Drawer({ open, onClose, label, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function handleCancel(event: SyntheticEvent) {
    event.preventDefault();
    onClose();
  }

  function handleBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog ref={ref} className="drawer" aria-label={label} onCancel={handleCancel} onClick={handleBackdropClick}>
      {open && children}
    </dialog>
  );
}
