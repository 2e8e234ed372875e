/**
 * The attendee list: one row per booking, in time order, printable. The
 * name is the check-in button (a tap at the door); the row also says
 * whether an NHS number is on file (ESNEFT's lab rejects samples without
 * one), consent, payment, arrival and the result with its band.
 */
import { Fragment, useState } from 'react';
import { PAYMENT_STATUS_LABELS } from '../../../domain/booking';
import { londonTime } from '../../../domain/london-time';
import { attendeeName, type Attendee } from '../../../domain/staff-attendees';
import { PAYMENT_PROBLEM_LABELS } from '../../../domain/staff-payments';
import { PsaBandBadge } from '../../../lib/ui/psa-band-badge';
import type { QueuedCheckIn } from '../check-in-queue';
import { ResultForm } from './result-form';

interface Props {
  userId: string;
  eventId: string;
  attendees: Attendee[];
  esneft: boolean;
  queued: QueuedCheckIn[];
  canEnterResults: boolean;
  onCheckIn: (appointmentId: string) => void;
  onConsent: (attendee: Attendee) => void;
}

function Arrival({ attendee, queued }: { attendee: Attendee; queued: QueuedCheckIn | undefined }) {
  if (attendee.checked_in_at) return <span className="check-in-done">Arrived {londonTime(new Date(attendee.checked_in_at))}</span>;
  if (queued) return <span className="check-in-waiting">Checked in {londonTime(new Date(queued.checked_in_at))}, waiting to send</span>;
  return <span>Not yet</span>;
}

export function AttendeeTable({ userId, eventId, attendees, esneft, queued, canEnterResults, onCheckIn, onConsent }: Props) {
  const [entering, setEntering] = useState<string | null>(null);
  const waiting = new Map(queued.map((q) => [q.appointment_id, q]));
  const booked = attendees.filter((a) => a.status === 'confirmed').length;
  return (
    <table className="staff-table">
      <caption>
        {booked === 1 ? '1 booking' : `${booked} bookings`}; tap a name to check the member in
      </caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Name</th>
          <th scope="col">Member id</th>
          <th scope="col">NHS number{esneft ? ' (ESNEFT)' : ''}</th>
          <th scope="col">Consent</th>
          <th scope="col">Payment</th>
          <th scope="col">Arrival</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {attendees.map((a) => {
          const cancelled = a.status !== 'confirmed';
          const arrived = a.checked_in_at !== null || waiting.has(a.appointment_id);
          return (
            <Fragment key={a.appointment_id}>
              <tr className={cancelled ? 'no-print' : undefined}>
                <td>
                  {a.start_time} to {a.end_time}
                </td>
                <td>
                  <button
                    type="button"
                    className="button check-in-button"
                    disabled={cancelled || arrived}
                    onClick={() => onCheckIn(a.appointment_id)}
                  >
                    <span className="visually-hidden">Check in </span>
                    {attendeeName(a)}
                  </button>
                  <span className="print-only">{attendeeName(a)}</span>
                  {cancelled && <span className="staff-cancelled"> Booking cancelled</span>}
                </td>
                <td>CHAPS{a.profile_id}</td>
                <td>{a.has_nhs_number ? 'On file' : esneft ? <strong>Missing</strong> : 'Not given'}</td>
                <td>
                  {a.consent_given ? 'Given' : <strong>None</strong>}{' '}
                  <button type="button" className="button button-small no-print" onClick={() => onConsent(a)}>
                    Consent<span className="visually-hidden"> of {attendeeName(a)}</span>
                  </button>
                </td>
                <td>
                  {a.payment_status === 'refund failed' ? <strong>{PAYMENT_STATUS_LABELS[a.payment_status]}</strong> : PAYMENT_STATUS_LABELS[a.payment_status]}
                  {a.payment_problem && (
                    <>
                      {' '}
                      <strong className="staff-payment-problem">{PAYMENT_PROBLEM_LABELS[a.payment_problem]}</strong>
                    </>
                  )}
                </td>
                <td>
                  <Arrival attendee={a} queued={waiting.get(a.appointment_id)} />
                </td>
                <td>
                  {a.result ? (
                    <>
                      {a.result.test_result} ng/ml <PsaBandBadge value={a.result.test_result} age={a.age} withAdvice={false} />
                    </>
                  ) : (
                    'None yet'
                  )}{' '}
                  {canEnterResults && !cancelled && (
                    <button type="button" className="button button-small no-print" onClick={() => setEntering(a.appointment_id)}>
                      {a.result ? 'Change' : 'Enter'} result<span className="visually-hidden"> for {attendeeName(a)}</span>
                    </button>
                  )}
                </td>
              </tr>
              {entering === a.appointment_id && (
                <tr>
                  <td colSpan={8}>
                    <ResultForm userId={userId} eventId={eventId} attendee={a} onDone={() => setEntering(null)} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
