/**
 * The attendee list on a phone: one card per booking, in time order, with
 * what the table's eight columns say as labelled lines, so nothing sits off
 * the side of a 360 px screen. The name is the check-in button, as in the
 * table.
 */
import { useState } from 'react';
import type { AttendeeListProps } from './attendee-table';
import { Arrival, CheckInButton, Consent, NhsNumber, Payment, Result } from './attendee-parts';
import { FollowUpForm } from './follow-up-form';
import { PrintLabelLink } from './print-label-link';
import { RecallForm } from './recall-form';
import { ResultForm } from './result-form';

export function AttendeeCards({ userId, eventId, attendees, esneft, queued, canEnterResults, clinical, onCheckIn, onConsent }: AttendeeListProps) {
  const [entering, setEntering] = useState<string | null>(null);
  const waiting = new Map(queued.map((q) => [q.appointment_id, q]));
  const booked = attendees.filter((a) => a.status === 'confirmed').length;
  return (
    <section className="attendee-cards" aria-labelledby="attendee-cards-title">
      <h2 id="attendee-cards-title" className="staff-list-title">
        {booked === 1 ? '1 booking' : `${booked} bookings`}; tap a name to check the member in
      </h2>
      <ul className="staff-cards">
        {attendees.map((a) => (
          <li key={a.appointment_id} className={`staff-card${a.status !== 'confirmed' ? ' no-print' : ''}`}>
            <p className="staff-card-time">
              {a.start_time} to {a.end_time}
            </p>
            <CheckInButton attendee={a} arrived={a.checked_in_at !== null || waiting.has(a.appointment_id)} onCheckIn={onCheckIn} />
            <dl className="staff-card-facts">
              <div>
                <dt>Member id</dt>
                <dd>CHAPS{a.profile_id}</dd>
              </div>
              <div>
                <dt>NHS number{esneft ? ' (ESNEFT)' : ''}</dt>
                <dd>
                  <NhsNumber attendee={a} esneft={esneft} />
                </dd>
              </div>
              <div>
                <dt>Consent</dt>
                <dd>
                  <Consent attendee={a} onConsent={onConsent} answers={clinical} />
                </dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>
                  <Payment attendee={a} />
                </dd>
              </div>
              <div>
                <dt>Arrival</dt>
                <dd>
                  <Arrival attendee={a} queued={waiting.get(a.appointment_id)} /> <PrintLabelLink eventId={eventId} attendee={a} />
                </dd>
              </div>
              {clinical && (
                <div>
                  <dt>Result</dt>
                  <dd>
                    <Result attendee={a} canEnter={canEnterResults} onEnter={() => setEntering(a.appointment_id)} />
                    <FollowUpForm userId={userId} eventId={eventId} attendee={a} />
                  </dd>
                </div>
              )}
            </dl>
            {entering === a.appointment_id && (
              <>
                <ResultForm userId={userId} eventId={eventId} attendee={a} onDone={() => setEntering(null)} />
                {a.result && <RecallForm userId={userId} eventId={eventId} attendee={a} />}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
