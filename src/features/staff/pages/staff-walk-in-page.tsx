/**
 * /staff/events/{id}/walk-in: registering a man who walks in on the day
 * (docs/rules.md#venue-registration). Staff type his details for positive
 * identification (names as on his ID, date of birth, NHS number) and how
 * to reach him, and choose a time (the next with a place unless another is
 * chosen); then hand him the phone, locked to his PSA consent form, which
 * he fills in himself (components/walk-in-hand-over.tsx: the staff
 * member's door PIN, chosen at sign-in, opens the console again);
 * staff check and send. One request makes his account (or uses
 * the one he confirms is his), his booking and his consent, and answers
 * his ticket, shown here at once (QR code and short code) and emailed to
 * him. The door's list is fetched again, so he is checked in from it like
 * any booked man. It needs a signal: nothing is kept to send later.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { emptyConsentAnswers, type ConsentAnswers } from '@/domain/consent';
import { formatLongDate, formatTime } from '@/domain/format';
import { londonDate } from '@/domain/london-time';
import type { WalkInField, WalkInIssue } from '@/domain/walk-in';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { useStaffEvent } from '../api/staff-events';
import { useRegisterWalkIn } from '../api/walk-in';
import { RequireStaff } from '../components/require-staff';
import { DetailsForm, detailsIssues, EMPTY, isField, type Details } from '../components/walk-in-details-form';
import { DoorLockScreen } from '../components/door-unlock';
import { WalkInHandOver } from '../components/walk-in-hand-over';
import { useDoorLock } from '../door-lock';
import { WalkInTicket } from '../components/walk-in-ticket';
import '@/lib/ui/forms.css';
import '../staff.css';

function WalkIn({ userId, eventId }: { userId: string; eventId: string }) {
  const event = useStaffEvent(userId, eventId);
  const register = useRegisterWalkIn(userId, eventId);
  const [step, setStep] = useState<'details' | 'consent' | 'returned' | 'check'>('details');
  const lock = useDoorLock();
  const [values, setValues] = useState<Details>(EMPTY);
  const [consent, setConsent] = useState<ConsentAnswers>(emptyConsentAnswers);
  const [issues, setIssues] = useState<WalkInIssue[]>([]);
  const [confirmedHis, setConfirmedHis] = useState(false);
  const today = londonDate(useNow());
  const top = useRef<HTMLHeadingElement>(null);

  // A new step opens at its heading, so a screen reader starts there; but details sent back with errors open at
  // their error summary, which takes focus itself (the heading's focus, coming after it, would take it away).
  useEffect(() => {
    if (step === 'details' && issues.length > 0) return;
    top.current?.focus();
    // On a new step only: a new check of the same step leaves focus to its summary.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // Handed over, and this tab holds no hand-over (a reload, an address typed in): the lock, as on every staff page.
  if (lock === 'hand-over' && step !== 'consent' && step !== 'returned') return <DoorLockScreen userId={userId} reason={lock} />;
  if (!event.data) {
    return event.error ? (
      <p className="form-failure" role="alert">
        {event.error.message}
      </p>
    ) : (
      <Spinner label="Loading the event" />
    );
  }
  const ev = event.data;
  const title = (
    <h1 ref={top} tabIndex={-1}>
      Register a walk-in: {ev.event_name}
    </h1>
  );
  const back = (
    <p>
      <Link className="staff-link" to={paths.staffEvent(eventId)}>Back to the attendee list</Link>
    </p>
  );

  if (ev.event_date !== today || ev.cancelled_at) {
    return (
      <>
        {back}
        {title}
        <p>A walk-in can be registered only on the day of the event, at the venue. Before the day, he books online.</p>
      </>
    );
  }
  if (register.data) {
    return (
      <>
        {back}
        {title}
        <WalkInTicket answer={register.data} name={`${values.first_name.trim()} ${values.last_name.trim()}`} eventId={eventId} />
        <button
          type="button"
          className="button"
          onClick={() => {
            register.reset();
            setValues(EMPTY);
            setConsent(emptyConsentAnswers());
            setConfirmedHis(false);
            setStep('details');
          }}
        >
          Register another walk-in
        </button>
      </>
    );
  }

  const error = register.error;
  const code = error instanceof ApiError ? error.code : undefined;
  const send = () => register.mutate({ ...values, consent, existing_account: confirmedHis });

  if (step === 'details') {
    return (
      <>
        {back}
        {title}
        <DetailsForm
          event={ev}
          values={values}
          onChange={setValues}
          issues={issues}
          onNext={() => {
            const found = detailsIssues(values, ev);
            setIssues(found);
            if (found.length === 0) {
              register.reset();
              setStep('consent');
            }
          }}
        />
      </>
    );
  }
  if (step === 'consent' || step === 'returned') {
    return (
      <WalkInHandOver
        userId={userId}
        returned={step === 'returned'}
        consent={consent}
        onChange={setConsent}
        onAnswered={() => setStep('returned')}
        onUnlocked={() => setStep('check')}
      />
    );
  }

  const detailIssues = error instanceof ApiError ? error.issues.filter((i) => isField(i.path)).map((i) => ({ field: i.path as WalkInField, message: i.message })) : [];
  return (
    <>
      {back}
      {title}
      <section aria-labelledby="walk-in-check-title" className="walk-in-check">
        <h2 id="walk-in-check-title">Check and register</h2>
        <p>He has given his consent. Read his details back to him before you register him.</p>
        <dl className="walk-in-summary">
          <div>
            <dt>Full name</dt>
            <dd>
              {values.first_name} {values.last_name}
            </dd>
          </div>
          <div>
            <dt>Date of birth</dt>
            <dd>{values.date_of_birth ? formatLongDate(values.date_of_birth) : ''}</dd>
          </div>
          <div>
            <dt>NHS number</dt>
            <dd>{values.nhs_number || 'Not known'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{values.email.trim().toLowerCase()}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{values.slot ? formatTime(values.slot) : 'The next time with a place'}</dd>
          </div>
        </dl>
        {error && (
          <div className="form-failure" role="alert">
            <p>{error.message}</p>
          </div>
        )}
        {(code === 'existing_account' || confirmedHis) && (
          <div className="form-field walk-in-existing">
            <input id="walk-in-his-account" type="checkbox" checked={confirmedHis} onChange={(e) => setConfirmedHis(e.target.checked)} />
            <label htmlFor="walk-in-his-account">He confirms the account with this email address is his own</label>
          </div>
        )}
        <div className="staff-toolbar">
          <button type="button" className="button button-primary" disabled={register.isPending} onClick={send}>
            {register.isPending ? 'Registering…' : 'Register and book him'}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setIssues(code === 'existing_account' ? [] : detailIssues);
              setStep('details');
            }}
          >
            Change his details
          </button>
        </div>
        <p className="hint">Registering needs a signal: nothing is kept on this phone to send later.</p>
      </section>
    </>
  );
}

export default function StaffWalkInPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Register a walk-in');
  return (
    <RequireStaff needs="registerMember" handOver>
      {(member) => (
        <div className="page staff-page">
          <WalkIn userId={member.userId} eventId={id} />
        </div>
      )}
    </RequireStaff>
  );
}
