/**
 * Asks before cancelling a booking, stating the one outcome the server
 * computed for cancelling now (docs/rules.md#refund-policy: business
 * days and bank holidays): nothing to refund for a free booking, the
 * amount and the latest day of a full refund, or that nothing is refunded
 * within 2 business days, when the button asks the member to confirm
 * exactly that. Nothing else is said about fees, so the dialog cannot
 * contradict itself; the cancellation email states the same outcome.
 * Offline, nothing is sent and Retry stays in the dialog; a refusal is
 * shown in words (CANCEL_REFUSAL_MESSAGES), never as a code.
 */
import { useState } from 'react';
import { CANCEL_REFUSAL_MESSAGES, type Appointment, type CancelRefusal } from '@/domain/booking';
import { formatLongDate, formatPence, formatTime } from '@/domain/format';
import { cancellationOutcomeText, cancelledOutcomeText, type CancellationOutcome } from '@/domain/refund-policy';
import { errorCode } from '@/lib/api-client';
import { Modal } from '@/lib/ui/modal';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { Spinner } from '@/lib/ui/spinner';
import { useCancelAppointment, useCancellationRefund, type CancelAnswer } from '../api/cancel-appointment';

const isCancelRefusal = (code: string | undefined): code is CancelRefusal =>
  code !== undefined && Object.hasOwn(CANCEL_REFUSAL_MESSAGES, code);

interface CancelBookingDialogProps {
  appointment: Appointment | null;
  userId: string;
  onClose: () => void;
}

function RefundOutcome({ answer, onClose }: { answer: CancelAnswer; onClose: () => void }) {
  const refunded = answer.appointment.payment_status === 'refunded';
  return (
    <>
      <h2 id="cancel-booking-title">Booking cancelled</h2>
      <p role="status">
        {refunded
          ? `Your booking is cancelled and ${formatPence(answer.appointment.price)} has been refunded to your card. Refunds are issued within 14 business days; we have emailed you the details.`
          : `Your booking is cancelled. ${cancelledOutcomeText(answer.outcome)}`}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}

export function CancelBookingDialog({ appointment, userId, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelAppointment(userId);
  const refund = useCancellationRefund(appointment);
  const [outcome, setOutcome] = useState<CancelAnswer | null>(null);
  const paidByCard = appointment?.payment_status === 'paid by card';
  const ahead: CancellationOutcome | undefined = paidByCard ? refund.data?.outcome : { refund: 'free' };
  const noRefund = ahead?.refund === 'none';
  const close = () => {
    cancel.reset();
    setOutcome(null);
    onClose();
  };
  const confirm = () =>
    appointment &&
    cancel.mutate(
      { appointmentId: appointment.appointment_id, acceptNoRefund: noRefund },
      { onSuccess: (answer) => (answer.refund === 'full' ? setOutcome(answer) : close()) },
    );
  const code = errorCode(cancel.error);
  const waiting = paidByCard && refund.isPending;
  return (
    <Modal open={appointment !== null} titleId="cancel-booking-title" onClose={close}>
      {appointment && outcome && <RefundOutcome answer={outcome} onClose={close} />}
      {appointment && !outcome && (
        <>
          <h2 id="cancel-booking-title">Cancel this booking?</h2>
          <p>
            <strong>{appointment.event_name}</strong>, {formatLongDate(appointment.event_date)} at{' '}
            {formatTime(appointment.start_time)}.
          </p>
          {waiting && <Spinner label="Checking the refund policy…" />}
          {ahead && (
            <p className={noRefund ? 'notice notice-error' : undefined}>
              {cancellationOutcomeText(ahead)}
              {noRefund && ' Do you still want to cancel?'}
            </p>
          )}
          <NotSentNotice
            error={cancel.error ?? (refund.isError ? refund.error : null)}
            title="Your booking was not cancelled"
            fallback={isCancelRefusal(code) ? CANCEL_REFUSAL_MESSAGES[code] : 'An unexpected error occurred. Please try again later.'}
            onRetry={cancel.error ? confirm : () => void refund.refetch()}
            retrying={cancel.isPending}
          />
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={close} disabled={cancel.isPending}>
              Keep my booking
            </button>
            <button type="button" className="button button-donate" onClick={confirm} disabled={cancel.isPending || waiting || refund.isError}>
              {cancel.isPending ? 'Cancelling…' : noRefund ? 'Yes, cancel without a refund' : 'Yes, cancel my booking'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
