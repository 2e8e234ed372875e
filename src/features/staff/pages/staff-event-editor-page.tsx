/**
 * /staff/events/new and /staff/events/{id}/edit: the event form, and for
 * an existing event its access code and cancellation. A code the server
 * has just set is shown once, here, before moving on.
 */
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { ApiError } from '@/lib/api-client';
import { isNotSent } from '@/lib/not-sent';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSaveEvent } from '../api/save-event';
import { useStaffEvent, type StaffEvent } from '../api/staff-events';
import { AccessCodeOnce } from '../components/access-code-once';
import { EventAdmin } from '../components/event-admin';
import { EventForm, valuesOf } from '../components/event-form';
import { RequireStaff } from '../components/require-staff';
import '../staff.css';

function Editor({ userId, event }: { userId: string; event?: StaffEvent }) {
  const save = useSaveEvent(userId, event?.event_id ?? null);
  const saved = save.data;
  const failure = save.error;
  return (
    <div className="page staff-page">
      <p className="no-print">
        <Link className="staff-link" to={paths.staff}>All events</Link>
      </p>
      <h1>{event ? `Edit ${event.event_name}` : 'New event'}</h1>
      {saved && (
        <div role="status">
          <p>
            Saved. <Link to={paths.staffEvent(saved.event.event_id)}>Open the attendee list for {saved.event.event_name}</Link>
          </p>
        </div>
      )}
      {saved?.access_code && <AccessCodeOnce code={saved.access_code} eventName={saved.event.event_name} />}
      {failure && !(failure instanceof ApiError && failure.issues.length > 0) && (
        <p className="form-failure" role="alert">
          {isNotSent(failure) ? failure.message : `Not saved: ${failure.message}`}
        </p>
      )}
      {event && <EventAdmin userId={userId} event={saved?.event ?? event} />}
      {!(saved && !event) && (
        <EventForm
          key={event?.event_id ?? 'new'}
          initial={valuesOf(event)}
          busy={save.isPending}
          serverIssues={failure instanceof ApiError ? failure.issues : []}
          submitLabel={event ? 'Save changes' : 'Create event'}
          onSubmit={(input, accessCode) => save.mutate({ input, accessCode })}
        />
      )}
    </div>
  );
}

function EditExisting({ userId, eventId }: { userId: string; eventId: string }) {
  const event = useStaffEvent(userId, eventId);
  if (event.data) return <Editor userId={userId} event={event.data} />;
  if (event.error) {
    return (
      <p className="form-failure" role="alert">
        {event.error.message}
      </p>
    );
  }
  return <Spinner label="Loading the event" />;
}

export default function StaffEventEditorPage() {
  const { id } = useParams();
  useDocumentTitle(id ? 'Edit event' : 'New event');
  return <RequireStaff needs="manageEvents">{(member) => (id ? <EditExisting userId={member.userId} eventId={id} /> : <Editor userId={member.userId} />)}</RequireStaff>;
}
