/**
 * What an existing event's editor offers besides the form: a new access
 * code for a private event (shown once) and cancelling the event, after a
 * confirmation that says its booked members will be emailed.
 */
import { useState } from 'react';
import { isNotSent } from '@/lib/not-sent';
import { Modal } from '@/lib/ui/modal';
import { useCancelEvent, useNewAccessCode } from '../api/save-event';
import type { StaffEvent } from '../api/staff-events';
import { AccessCodeOnce } from './access-code-once';

export function EventAdmin({ userId, event }: { userId: string; event: StaffEvent }) {
  const newCode = useNewAccessCode(event.event_id);
  const cancel = useCancelEvent(userId, event.event_id);
  const [confirming, setConfirming] = useState(false);
  const failure = newCode.error ?? cancel.error;
  if (event.cancelled_at) return <p className="staff-cancelled">This event has been cancelled.</p>;
  return (
    <section aria-labelledby="event-admin-title" className="staff-toolbar">
      <h2 id="event-admin-title" className="visually-hidden">
        Access code and cancellation
      </h2>
      {event.is_private && (
        <button type="button" className="button button-secondary" disabled={newCode.isPending} onClick={() => newCode.mutate('')}>
          Make a new access code
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
        Cancel this event
      </button>
      {newCode.data && <AccessCodeOnce code={newCode.data.access_code} eventName={event.event_name} />}
      {cancel.data && (
        <p role="status">
          Event cancelled. {cancel.data.members_emailed === 1 ? '1 member was' : `${cancel.data.members_emailed} members were`} emailed.
        </p>
      )}
      {failure && (
        <p className="form-failure" role="alert">
          {isNotSent(failure) ? failure.message : `Not done: ${failure.message}`}
        </p>
      )}
      <Modal open={confirming} titleId="cancel-event-title" onClose={() => setConfirming(false)}>
        <h2 id="cancel-event-title">Cancel {event.event_name}?</h2>
        <p>
          All {event.booked_spaces} bookings will be cancelled and each member emailed. The event leaves the website. This cannot be undone.
        </p>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            Keep the event
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            Cancel the event
          </button>
        </div>
      </Modal>
    </section>
  );
}
