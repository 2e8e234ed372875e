/**
 * The 'Age Restriction Error' dialog (SPEC.md section 5): screening is for
 * men aged 40 to 80. A native modal dialog, so focus is held inside it and
 * Escape closes it; focus then returns to what opened it.
 */
import { useEffect, useRef } from 'react';
import { mailtoHref, site } from '../../../content/site';

export function AgeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="age-dialog" aria-labelledby="age-dialog-title" onClose={onClose}>
      <h2 id="age-dialog-title">Age Restriction Error</h2>
      <p>Our screening events are for men aged 40 to 80 only.</p>
      <p>Please do not register or book an event if you are outside this age group.</p>
      <p>
        If you have any questions, email us at <a href={mailtoHref(site.email)}>{site.email}</a>.
      </p>
      <button type="button" className="button button-primary" onClick={onClose}>
        OK
      </button>
    </dialog>
  );
}
