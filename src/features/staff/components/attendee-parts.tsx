/**
 * What the attendee list says about one booking, shared by its table (wide
 * screens, print) and its cards (phones), so the two never disagree.
 */
import { londonTime } from '@/domain/london-time';
import { formatDueMonth } from '@/domain/recall';
import { formatSampleId } from '@/domain/sample-id';
import { attendeeName, attendeePaymentLabel, type Attendee } from '@/domain/staff-attendees';
import { PAYMENT_PROBLEM_LABELS } from '@/domain/staff-payments';
import { PsaBandBadge } from '@/lib/ui/psa-band-badge';
import type { QueuedCheckIn } from '../check-in-queue';

export function CheckInButton({ attendee, arrived, onCheckIn }: { attendee: Attendee; arrived: boolean; onCheckIn: (appointmentId: string) => void }) {
  const cancelled = attendee.status !== 'confirmed';
  return (
    <>
      <button type="button" className="button check-in-button" disabled={cancelled || arrived} onClick={() => onCheckIn(attendee.appointment_id)}>
        <span className="visually-hidden">Check in </span>
        {attendeeName(attendee)}
      </button>
      <span className="print-only">{attendeeName(attendee)}</span>
      {cancelled && <span className="staff-cancelled"> Booking cancelled</span>}
    </>
  );
}

export function NhsNumber({ attendee, esneft }: { attendee: Attendee; esneft: boolean }) {
  return <>{attendee.has_nhs_number ? 'On file' : esneft ? <strong>Missing</strong> : 'Not given'}</>;
}

/**
 * Whether he consented, and a button to the consent dialog: his answers for
 * a role that may read them (`answers`), otherwise the way to send him a
 * consent link at the door.
 */
export function Consent({ attendee, onConsent, answers }: { attendee: Attendee; onConsent: (attendee: Attendee) => void; answers: boolean }) {
  return (
    <>
      {attendee.consent_given ? 'Given' : <strong>None</strong>}{' '}
      <button type="button" className="button button-small no-print" onClick={() => onConsent(attendee)}>
        {answers ? (
          <>
            Consent<span className="visually-hidden"> of {attendeeName(attendee)}</span>
          </>
        ) : (
          <>
            Consent link<span className="visually-hidden"> for {attendeeName(attendee)}</span>
          </>
        )}
      </button>
    </>
  );
}

export function Payment({ attendee }: { attendee: Attendee }) {
  const label = attendeePaymentLabel(attendee);
  return (
    <>
      {attendee.payment_status === 'refund failed' ? <strong>{label}</strong> : label}
      {attendee.payment_problem && (
        <>
          {' '}
          <strong className="staff-payment-problem">{PAYMENT_PROBLEM_LABELS[attendee.payment_problem]}</strong>
        </>
      )}
    </>
  );
}

/** His sample id: the server's once it has one, else the one this phone proposed, marked as waiting. */
function SampleId({ attendee, queued }: { attendee: Attendee; queued: QueuedCheckIn | undefined }) {
  const id = attendee.sample_id ?? queued?.sample_id;
  if (!id) return null;
  return (
    <>
      {' '}
      <span className="sample-id-line">
        Sample id <span className="sample-id">{formatSampleId(id)}</span>
        {!attendee.sample_id && ' (not yet confirmed)'}
      </span>
    </>
  );
}

export function Arrival({ attendee, queued }: { attendee: Attendee; queued: QueuedCheckIn | undefined }) {
  if (attendee.checked_in_at)
    return (
      <>
        <span className="check-in-done">Arrived {londonTime(new Date(attendee.checked_in_at))}</span>
        <SampleId attendee={attendee} queued={undefined} />
      </>
    );
  if (queued)
    return (
      <>
        <span className="check-in-waiting">Checked in {londonTime(new Date(queued.checked_in_at))}, waiting to send</span>
        <SampleId attendee={attendee} queued={queued} />
      </>
    );
  return <span>Not yet</span>;
}

export function Result({ attendee, canEnter, onEnter }: { attendee: Attendee; canEnter: boolean; onEnter: () => void }) {
  return (
    <>
      {attendee.result ? (
        <>
          {attendee.result.test_result} ng/ml <PsaBandBadge band={attendee.result.band} withAdvice={false} />
          {attendee.result.recall?.next_test_due && (
            <span className="next-test">
              Next test {formatDueMonth(attendee.result.recall.next_test_due)}
              {attendee.result.recall.months_override !== null && ' (set by staff)'}
            </span>
          )}
        </>
      ) : (
        'None yet'
      )}{' '}
      {canEnter && attendee.status === 'confirmed' && (
        <button type="button" className="button button-small no-print" onClick={onEnter}>
          {attendee.result ? 'Change' : 'Enter'} result<span className="visually-hidden"> for {attendeeName(attendee)}</span>
        </button>
      )}
    </>
  );
}
