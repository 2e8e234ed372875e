/**
 * A native modal dialog: showModal() makes the rest of the page inert, so
 * focus stays inside; Escape closes it (the browser's cancel event); focus
 * returns to what opened it. Used by the access-code, cancel and age dialogs.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import './forms.css';
import './modal.css';

interface ModalProps {
  open: boolean;
  /** Id of the dialog's heading, which names it for screen readers. */
  titleId: string;
  onClose: () => void;
  /** Extra class for a dialog with its own look (the age warning's red heading). */
  className?: string;
  children: ReactNode;
}

export function Modal({ open, titleId, onClose, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={className ? `modal ${className}` : 'modal'} aria-labelledby={titleId} onClose={onClose}>
      {open && children}
    </dialog>
  );
}
