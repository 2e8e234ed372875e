/**
 * His ticket on My bookings (docs/rules.md#tickets): the QR code staff scan
 * at the desk, the short code to read out instead, and which event, date
 * and time it is for. Everything comes from the booking as the server sent
 * it (signed there) and as the phone saved it, so it shows offline; the QR
 * drawing code loads only when a ticket is opened.
 */
import type { BookingTicket, MemberAppointment } from '@/domain/booking';
import { formatLongDate, formatTime } from '@/domain/format';
import { formatTicketCode } from '@/domain/ticket';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { Spinner } from '@/lib/ui/spinner';
import { Suspense } from 'react';

const TicketQr = lazyWhenOnline(() => import('@/lib/ui/ticket-qr'));

/** "804SBPDC" as "8 0 4 S, B P D C". */
const spelt = (code: string) => `${[...code.slice(0, 4)].join(' ')}, ${[...code.slice(4)].join(' ')}`;

export function TicketPanel({ id, appointment: a, ticket }: { id: string; appointment: MemberAppointment; ticket: BookingTicket }) {
  const code = formatTicketCode(ticket.code);
  return (
    <section id={id} className="ticket-panel" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Your ticket</h4>
      <p>Show this QR code at the desk when you arrive.</p>
      <div className="ticket-qr-frame">
        <Suspense fallback={<Spinner label="Drawing your QR code" />}>
          <TicketQr token={ticket.token} label={`QR code of your ticket for ${a.event_name}`} />
        </Suspense>
      </div>
      <p className="ticket-code-label">Or read out this code:</p>
      <p className="ticket-code">
        <span aria-hidden="true">{code}</span>
        {/* Read out one character at a time, as he would say it at the desk. */}
        <span className="visually-hidden">{spelt(ticket.code)}</span>
      </p>
      <dl className="ticket-details">
        <div>
          <dt>Event</dt>
          <dd>{a.event_name}</dd>
        </div>
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
      </dl>
    </section>
  );
}
