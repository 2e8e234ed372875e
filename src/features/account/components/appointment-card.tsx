/**
 * One booking in My bookings: his ticket while it has one (Show ticket:
 * the QR code and the short code, offline too), what, when (UK time), where, directions,
 * 'Add to calendar' (.ics), Change time (on /book-event, where the server
 * moves it) and Cancel while it can still be cancelled; and
 * where its card payment is going back, whether that refund is pending or
 * made.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { APPOINTMENT_STATUS_LABELS, canCancel, hasTicket, paymentNote } from '@/domain/my-bookings';
import type { Appointment, MemberAppointment } from '@/domain/booking';
import { directionsUrl } from '@/domain/directions';
import { formatLongDate, formatTime } from '@/domain/format';
import { isNetworkError } from '@/lib/api-client';
import { isNotSent } from '@/lib/not-sent';
import { downloadCalendar } from '../api/download-calendar';
import { TicketPanel } from './ticket-panel';

interface AppointmentCardProps {
  appointment: MemberAppointment;
  now: Date;
  onCancel: (appointment: Appointment) => void;
}

export function AppointmentCard({ appointment: a, now, onCancel }: AppointmentCardProps) {
  const [calendarProblem, setCalendarProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [showTicket, setShowTicket] = useState(false);
  const active = a.status !== 'cancelled';
  const titleId = `booking-${a.appointment_id}`;
  const ticketId = `ticket-${a.appointment_id}`;
  // A copy saved before tickets were sent has none: it shows once the list is read again.
  const ticket = hasTicket(a, now) ? (a.ticket ?? null) : null;
  const note = paymentNote(a);

  async function addToCalendar() {
    setCalendarProblem(null);
    setDownloading(true);
    try {
      await downloadCalendar(a.appointment_id, `chaps-screening-${a.event_date}.ics`);
    } catch (error) {
      setCalendarProblem(
        isNotSent(error) || isNetworkError(error)
          ? 'The calendar file needs a connection. Please try again when you have a signal.'
          : 'Sorry, the calendar file could not be made. Please try again later.',
      );
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li className={`card booking-card${active ? '' : ' booking-card-cancelled'}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{a.event_name}</h3>
      <p className={`booking-status booking-status-${a.status}`}>{APPOINTMENT_STATUS_LABELS[a.status]}</p>
      {note && <p className="booking-payment">{note}</p>}
      <dl>
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(a.event_date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {formatTime(a.start_time)} to {formatTime(a.end_time)}
          </dd>
        </div>
        <div>
          <dt>Venue</dt>
          <dd>
            <address>{a.address}</address>
          </dd>
        </div>
      </dl>
      {ticket && (
        <button
          type="button"
          className="button button-primary ticket-toggle"
          aria-expanded={showTicket}
          aria-controls={ticketId}
          onClick={() => setShowTicket((shown) => !shown)}
        >
          {showTicket ? 'Hide ticket' : 'Show ticket'}
          <span className="visually-hidden"> for {a.event_name}</span>
        </button>
      )}
      {ticket && showTicket && <TicketPanel id={ticketId} appointment={a} ticket={ticket} />}
      <div className="booking-actions">
        <a href={directionsUrl(a)} target="_blank" rel="noopener noreferrer" className="directions-link">
          Get directions<span className="visually-hidden"> to {a.event_name} (opens your maps app or a new tab)</span>
        </a>
        {active && (
          <button type="button" className="button button-secondary" onClick={() => void addToCalendar()} disabled={downloading}>
            {downloading ? 'Preparing…' : 'Add to calendar'}
            <span className="visually-hidden"> for {a.event_name}</span>
          </button>
        )}
        {canCancel(a, now) && a.status === 'confirmed' && (
          <Link to={paths.changeTimeFor(a.event_id)} className="button button-secondary">
            Change time<span className="visually-hidden"> for {a.event_name}</span>
          </Link>
        )}
        {canCancel(a, now) && (
          <button type="button" className="button" onClick={() => onCancel(a)}>
            Cancel<span className="visually-hidden"> booking for {a.event_name}</span>
          </button>
        )}
      </div>
      {calendarProblem && (
        <p className="form-failure" role="alert">
          {calendarProblem}
        </p>
      )}
    </li>
  );
}
