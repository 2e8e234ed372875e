/**
 * The attendee list: one row per booking, in time order, printable. The
 * name is the check-in button (a tap at the door); the row also says
 * whether an NHS number is on file (ESNEFT's lab rejects samples without
 * one), consent, payment, arrival and the result with its band.
 */
import { Fragment, useState } from 'react';
import type { Attendee } from '@/domain/staff-attendees';
import type { QueuedCheckIn } from '../check-in-queue';
import { Arrival, CheckInButton, Consent, NhsNumber, Payment, Result } from './attendee-parts';
import { FollowUpForm } from './follow-up-form';
import { PrintLabelLink } from './print-label-link';
import { RecallForm } from './recall-form';
import { ResultForm } from './result-form';

export interface AttendeeListProps {
  userId: string;
  eventId: string;
  attendees: Attendee[];
  esneft: boolean;
  queued: QueuedCheckIn[];
  canEnterResults: boolean;
  /** Whether his role sees results and consent answers (the server sends none to the others). */
  clinical: boolean;
  onCheckIn: (appointmentId: string) => void;
  onConsent: (attendee: Attendee) => void;
}

export function AttendeeTable({ userId, eventId, attendees, esneft, queued, canEnterResults, clinical, onCheckIn, onConsent }: AttendeeListProps) {
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
          {clinical && <th scope="col">Result</th>}
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
                  <CheckInButton attendee={a} arrived={arrived} onCheckIn={onCheckIn} />
                </td>
                <td>CHAPS{a.profile_id}</td>
                <td>
                  <NhsNumber attendee={a} esneft={esneft} />
                </td>
                <td>
                  <Consent attendee={a} onConsent={onConsent} answers={clinical} />
                </td>
                <td>
                  <Payment attendee={a} />
                </td>
                <td>
                  <Arrival attendee={a} queued={waiting.get(a.appointment_id)} /> <PrintLabelLink eventId={eventId} attendee={a} />
                </td>
                {clinical && (
                  <td>
                    <Result attendee={a} canEnter={canEnterResults} onEnter={() => setEntering(a.appointment_id)} />
                    <FollowUpForm userId={userId} eventId={eventId} attendee={a} />
                  </td>
                )}
              </tr>
              {entering === a.appointment_id && (
                <tr>
                  <td colSpan={8}>
                    <ResultForm userId={userId} eventId={eventId} attendee={a} onDone={() => setEntering(null)} />
                    {a.result && <RecallForm userId={userId} eventId={eventId} attendee={a} />}
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
