/**
 * /booking-success?appointment=ID (docs/rules.md#booking): the
 * confirmation, what was booked, the email to look for (inbox or spam), a
 * Donate link and 'Go to Home'. The id in the URL lets a reload show it again.
 */
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { paths, queryParams } from '@/lib/paths';
import { site } from '@/content/site';
import { BOOKING_CONFIRMED_MESSAGE, type Appointment } from '@/domain/booking';
import { formatLongDate, formatTime } from '@/domain/format';
import { RequireMember } from '@/lib/require-member';
import { type MemberSession } from '@/lib/session';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAppointment } from '../api/get-appointment';
import '../booking.css';

function BookedDetails({ appointment }: { appointment: Appointment }) {
  return (
    <dl className="booking-facts">
      <dt>Event</dt>
      <dd>{appointment.event_name}</dd>
      <dt>Date</dt>
      <dd>{formatLongDate(appointment.event_date)}</dd>
      <dt>Time</dt>
      <dd>
        {formatTime(appointment.start_time)} to {formatTime(appointment.end_time)}
      </dd>
      <dt>Venue</dt>
      <dd>
        <address>{appointment.address}</address>
      </dd>
    </dl>
  );
}

function Success({ member, appointmentId }: { member: MemberSession; appointmentId: string }) {
  const appointment = useAppointment(member.userId, appointmentId);
  return (
    <>
      <div className="notice notice-success" role="status">
        <h1>{BOOKING_CONFIRMED_MESSAGE}</h1>
      </div>
      {appointment.data ? (
        <BookedDetails appointment={appointment.data} />
      ) : appointment.isPending ? (
        <Spinner label="Loading your booking…" />
      ) : (
        <p>
          Your booking is saved. You can see it at any time in <Link to={paths.myBookings}>My bookings</Link>.
        </p>
      )}
      <p>
        We have emailed your confirmation
        {member.email ? (
          <>
            {' to '}
            <span className="email-address">{member.email}</span>
          </>
        ) : (
          ''
        )}
        , with a calendar file and
        directions. If it has not arrived within a few minutes, please check your spam or junk folder.
      </p>
      <p>
        You can see or cancel your booking at any time in <Link to={paths.myBookings}>My bookings</Link>.
      </p>
      <div className="booking-success-actions">
        <a href={site.donateUrl} target="_blank" rel="noopener noreferrer" className="button button-donate">
          Donate<span className="visually-hidden"> to CHAPS (opens in a new tab)</span>
        </a>
        <Link to={paths.home} className="button button-primary">
          Go to Home
        </Link>
      </div>
    </>
  );
}

export default function BookingSuccessPage() {
  useDocumentTitle('Booking confirmed');
  const [params] = useSearchParams();
  const appointmentId = params.get(queryParams.appointment) ?? '';
  return (
    <div className="page booking-page booking-success">
      <RequireMember>
        {(member) =>
          appointmentId ? <Success member={member} appointmentId={appointmentId} /> : <Navigate to={paths.myBookings} replace />
        }
      </RequireMember>
    </div>
  );
}
