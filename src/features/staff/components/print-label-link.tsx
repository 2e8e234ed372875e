/**
 * One man's sample label, printed at the desk from the attendee list
 * (docs/rules.md#sample-labels): a link to the labels page for his booking
 * alone. Only a confirmed booking has one.
 */
import { Link } from 'react-router-dom';
import { attendeeName, type Attendee } from '@/domain/staff-attendees';
import { paths } from '@/lib/paths';

export function PrintLabelLink({ eventId, attendee }: { eventId: string; attendee: Attendee }) {
  if (attendee.status !== 'confirmed') return null;
  return (
    <Link className="button button-small no-print print-label-link" to={paths.staffLabels(eventId, attendee.appointment_id)}>
      Print label<span className="visually-hidden"> for {attendeeName(attendee)}</span>
    </Link>
  );
}
