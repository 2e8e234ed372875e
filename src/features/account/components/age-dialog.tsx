/**
 * The two age dialogs of the details form. Screening is for men aged 40 to
 * 80. 'notice' is the information shown once, on first focus of the date
 * of birth, before anything is wrong; 'error' is the 'Age Restriction
 * Error' shown when the age entered is outside 40 to 80.
 */
import { mailtoHref, site } from '@/content/site';
import { Modal } from '@/lib/ui/modal';

export type AgeDialogKind = 'notice' | 'error';

export const AGE_NOTICE_TITLE = 'Screening is for men aged 40 to 80';

export function AgeDialog({ kind, onClose }: { kind: AgeDialogKind | null; onClose: () => void }) {
  const contact = (
    <p>
      If you have any questions, email us at <a href={mailtoHref(site.email)}>{site.email}</a>.
    </p>
  );
  return (
    <Modal open={kind !== null} titleId="age-dialog-title" onClose={onClose} className={kind === 'error' ? 'age-dialog age-dialog-error' : 'age-dialog'}>
      {kind === 'error' ? (
        <>
          <h2 id="age-dialog-title">Age Restriction Error</h2>
          <p>Our screening events are for men aged 40 to 80 only.</p>
          <p>Please do not register or book an event if you are outside this age group.</p>
        </>
      ) : (
        <>
          <h2 id="age-dialog-title">{AGE_NOTICE_TITLE}</h2>
          <p>You can register and book if you are 40 to 80 years old on the day of the screening.</p>
          <p>Please enter your date of birth as it appears on your official ID.</p>
        </>
      )}
      {contact}
      <button type="button" className="button button-primary" onClick={onClose}>
        OK
      </button>
    </Modal>
  );
}
