/**
 * Asks before cancelling a booking, repeating the cancellation policy.
 * Offline, nothing is sent and Retry stays in the dialog; a refusal is
 * shown in words (CANCEL_REFUSAL_MESSAGES), never as a code.
 */
import { CANCEL_REFUSAL_MESSAGES, CANCELLATION_POLICY, type Appointment, type CancelRefusal } from '../../../domain/booking';
import { formatLongDate, formatTime } from '../../../domain/format';
import { errorCode } from '../../../lib/api-client';
import { Modal } from '../../../lib/ui/modal';
import { NotSentNotice } from '../../../lib/ui/not-sent-notice';
import { useCancelAppointment } from '../api/cancel-appointment';

const isCancelRefusal = (code: string | undefined): code is CancelRefusal =>
  code !== undefined && Object.hasOwn(CANCEL_REFUSAL_MESSAGES, code);

interface CancelBookingDialogProps {
  appointment: Appointment | null;
  userId: string;
  onClose: () => void;
}

export function CancelBookingDialog({ appointment, userId, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelAppointment(userId);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () => appointment && cancel.mutate(appointment.appointment_id, { onSuccess: close });
  const code = errorCode(cancel.error);
  return (
    <Modal open={appointment !== null} titleId="cancel-booking-title" onClose={close}>
      {appointment && (
        <>
          <h2 id="cancel-booking-title">Cancel this booking?</h2>
          <p>
            <strong>{appointment.event_name}</strong>, {formatLongDate(appointment.event_date)} at{' '}
            {formatTime(appointment.start_time)}.
          </p>
          <p>{CANCELLATION_POLICY}</p>
          <NotSentNotice
            error={cancel.error}
            title="Your booking was not cancelled"
            fallback={isCancelRefusal(code) ? CANCEL_REFUSAL_MESSAGES[code] : 'An unexpected error occurred. Please try again later.'}
            onRetry={confirm}
            retrying={cancel.isPending}
          />
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={close} disabled={cancel.isPending}>
              Keep my booking
            </button>
            <button type="button" className="button button-donate" onClick={confirm} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel my booking'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
