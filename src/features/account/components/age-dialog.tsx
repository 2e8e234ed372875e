/**
 * The 'Age Restriction Error' dialog (SPEC.md section 5): screening is for
 * men aged 40 to 80.
 */
import { mailtoHref, site } from '@/content/site';
import { Modal } from '@/lib/ui/modal';

export function AgeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} titleId="age-dialog-title" onClose={onClose} className="age-dialog">
      <h2 id="age-dialog-title">Age Restriction Error</h2>
      <p>Our screening events are for men aged 40 to 80 only.</p>
      <p>Please do not register or book an event if you are outside this age group.</p>
      <p>
        If you have any questions, email us at <a href={mailtoHref(site.email)}>{site.email}</a>.
      </p>
      <button type="button" className="button button-primary" onClick={onClose}>
        OK
      </button>
    </Modal>
  );
}
