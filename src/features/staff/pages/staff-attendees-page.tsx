/**
 * /staff/events/{id}: the attendee list of one event, for the door at the
 * venue. It opens from the phone's saved copy when there is no signal. A
 * man is checked in by scanning his ticket, typing its code or tapping his
 * name, each leading to positive identification and a confirmation that
 * gives his tube its sample id (components/door-check-in.tsx); check-ins
 * made offline wait on the phone and are sent in order once a
 * connection returns, and any the server could not take (the member
 * cancelled meanwhile) are listed until dismissed. Results (typed from
 * the tube's sample id, or from the lab's file, with the lines it held
 * under Needs checking) and consent are here too; the page prints cleanly,
 * and on a phone the list is a column of cards. Sample labels (for
 * everyone, or one man's at the desk) and the lab's manifest open from
 * here, and on the day Register a walk-in (which needs a signal). Each
 * role sees only what it may use (staff-permissions.ts): a volunteer or the
 * events team get the door without results or consent answers (the server
 * sends them none), and an admin assigns the event's volunteers here.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { isEsneftEvent } from '@/domain/event';
import { formatLongDate } from '@/domain/format';
import { londonDate } from '@/domain/london-time';
import { attendeeName, CHECK_IN_CONFLICT_TEXT, type Attendee } from '@/domain/staff-attendees';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useNow } from '@/lib/use-now';
import { useBrowserOnline } from '@/lib/online';
import { useAttendees } from '../api/attendees';
import { useStaffEvent } from '../api/staff-events';
import { AttendeeCards } from '../components/attendee-cards';
import { AttendeeTable, type AttendeeListProps } from '../components/attendee-table';
import { ConsentPanel } from '../components/consent-panel';
import { CameraScanButton } from '../components/camera-scan-button';
import { CsvUpload } from '../components/csv-upload';
import { DoorCheckIn } from '../components/door-check-in';
import { checkAttendee, type DoorCheck } from '@/domain/door-check';
import { ResultBySample } from '../components/result-by-sample';
import { ResultHolds } from '../components/result-holds';
import { RequireStaff } from '../components/require-staff';
import { WaitingListSection } from '../components/waiting-list-section';
import { useCheckIns } from '../use-check-ins';
import { can } from '../staff-permissions';
import { EventVolunteers } from '../components/event-volunteers';
import type { StaffRole } from '@/domain/staff-roles';
import '../staff.css';
import '../attendees.css';

const SYNC_TEXT = {
  idle: null,
  sending: 'Sending check-ins…',
  waiting: 'No connection: check-ins are kept on this phone and will be sent when the signal returns.',
};

const tubeScanner = (onScan: (text: string) => void) => <CameraScanButton formats={['code_128']} label="Scan the tube's label" onScan={onScan} />;

/** Cards on a phone, where the table's eight columns were 940 px wide; the table elsewhere. */
function AttendeeList(props: AttendeeListProps) {
  return useMediaQuery(NARROW_SCREEN) ? <AttendeeCards {...props} /> : <AttendeeTable {...props} />;
}

function Attendees({ userId, eventId, role }: { userId: string; eventId: string; role: StaffRole }) {
  const clinical = can(role, 'clinical');
  const event = useStaffEvent(userId, eventId);
  const list = useAttendees(userId, eventId);
  const checkIns = useCheckIns(userId, eventId);
  const today = londonDate(useNow());
  const [consentOf, setConsentOf] = useState<Attendee | null>(null);
  const [doorCheck, setDoorCheck] = useState<DoorCheck | null>(null);
  const attendees = list.data?.attendees ?? [];
  const names = new Map(attendees.map((a) => [a.appointment_id, attendeeName(a)]));
  const held = event.data ? event.data.event_date <= today : false;
  const onTheDay = !!event.data && event.data.event_date === today && !event.data.cancelled_at;
  const online = useBrowserOnline();
  const waiting = checkIns.queued.length;

  return (
    <div className="page staff-page">
      <p className="no-print">
        <Link className="staff-link" to={paths.staff}>{can(role, 'allEvents') ? 'All events' : 'Your events today'}</Link>
        {event.data && !event.data.cancelled_at && can(role, 'manageEvents') && (
          <>
            {' · '}
            <Link className="staff-link" to={paths.staffEditEvent(eventId)}>Edit this event</Link>
          </>
        )}
      </p>
      <h1>{event.data ? `Attendees: ${event.data.event_name}` : 'Attendees'}</h1>
      {event.data && (
        <p>
          {formatLongDate(event.data.event_date)}, {event.data.start_time} to {event.data.end_time}, {event.data.city}
          {event.data.cancelled_at && <span className="staff-cancelled"> (cancelled)</span>}
        </p>
      )}
      {/* The door first: on a phone its Scan ticket is above the fold, before the list's tools. */}
      {list.data && (
        <DoorCheckIn
          list={list.data}
          queued={checkIns.queued}
          relabels={checkIns.relabels}
          check={doorCheck}
          onCheck={setDoorCheck}
          onConfirm={checkIns.confirm}
          onDismissRelabel={(id) => void checkIns.dismissRelabel(id)}
        />
      )}
      <div className="staff-toolbar">
        <button type="button" className="button" onClick={() => window.print()}>
          Print the list
        </button>
        <Link className="button" to={paths.staffLabels(eventId)}>
          Print labels
        </Link>
        {can(role, 'manifest') && (
          <Link className="button" to={paths.staffManifest(eventId)}>
            Lab manifest
          </Link>
        )}
        {/* A walk-in's account, places and ticket are the server's: registering him needs a signal, and says so rather than pretending offline. */}
        {onTheDay &&
          can(role, 'registerMember') &&
          (online ? (
            <Link className="button" to={paths.staffWalkIn(eventId)}>
              Register a walk-in
            </Link>
          ) : (
            <button type="button" className="button" disabled aria-describedby="walk-in-offline">
              Register a walk-in: needs a signal
            </button>
          ))}
      </div>
      {onTheDay && !online && can(role, 'registerMember') && (
        <p id="walk-in-offline" className="no-print">
          Registering a walk-in needs a signal: this phone is offline. Check-ins still work and are sent when the signal returns.
        </p>
      )}
      <div role="status">
        {SYNC_TEXT[checkIns.sync]}
        {waiting > 0 && checkIns.sync !== 'waiting' && ` ${waiting === 1 ? '1 check-in is' : `${waiting} check-ins are`} waiting to be sent.`}
      </div>
      {checkIns.conflicts.length > 0 && (
        <section className="staff-conflicts" aria-labelledby="conflicts-title">
          <h2 id="conflicts-title">Check-ins not recorded</h2>
          <ul>
            {checkIns.conflicts.map((c) => (
              <li key={c.appointment_id}>
                {names.get(c.appointment_id) ?? 'A member'}: {CHECK_IN_CONFLICT_TEXT[c.outcome]}{' '}
                <button type="button" className="button button-small" onClick={() => void checkIns.dismiss(c.appointment_id)}>
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.data ? (
        attendees.length === 0 ? (
          <p>Nobody has booked this event yet.</p>
        ) : (
          <AttendeeList
            userId={userId}
            eventId={eventId}
            attendees={attendees}
            esneft={event.data ? isEsneftEvent(event.data) : false}
            queued={checkIns.queued}
            canEnterResults={held && clinical}
            clinical={clinical}
            onCheckIn={(id) => {
              const attendee = attendees.find((a) => a.appointment_id === id);
              if (attendee) setDoorCheck(checkAttendee(attendee, checkIns.queued));
            }}
            onConsent={setConsentOf}
          />
        )
      ) : list.error ? (
        <p className="form-failure" role="alert">
          {list.error.message}
        </p>
      ) : (
        <Spinner label="Loading the attendee list" />
      )}
      {clinical && held && attendees.length > 0 && (
        <>
          {/* The tube's label is a Code 128 barcode of its sample id: the camera reads it where a hand scanner is not to hand. */}
          <ResultBySample userId={userId} eventId={eventId} attendees={attendees} scanner={tubeScanner} />
          <CsvUpload userId={userId} eventId={eventId} />
        </>
      )}
      {/* Listed even when the list is empty: a man who erased his account is off it, but a line held for his tube is counted as waiting. */}
      {clinical && held && <ResultHolds userId={userId} eventId={eventId} scanner={tubeScanner} />}
      {can(role, 'manageEvents') && <WaitingListSection userId={userId} eventId={eventId} />}
      {can(role, 'staffAccounts') && <EventVolunteers userId={userId} eventId={eventId} />}
      <ConsentPanel userId={userId} eventId={eventId} attendee={consentOf} answers={clinical} onClose={() => setConsentOf(null)} />
    </div>
  );
}

export default function StaffAttendeesPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Attendees');
  return <RequireStaff>{(member, role) => <Attendees userId={member.userId} eventId={id} role={role} />}</RequireStaff>;
}
