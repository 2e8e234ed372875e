/**
 * What the walk-in page shows once a man is registered: his booked time,
 * his ticket (QR code and short code) to show at the door, whether his
 * emails went, and the way back to the list to check him in.
 */
import { Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatLongDate, formatTime } from '@/domain/format';
import { formatTicketCode } from '@/domain/ticket';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import type { WalkInAnswer } from '../api/walk-in';

const TicketQr = lazyWhenOnline(() => import('@/lib/ui/ticket-qr'));

export function WalkInTicket({ answer, name, eventId }: { answer: WalkInAnswer; name: string; eventId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const a = answer.appointment;
  return (
    <div className="walk-in-done" role="status" tabIndex={-1} ref={ref}>
      <h2>
        {name} is booked for {formatTime(a.start_time)}
      </h2>
      <section className="walk-in-ticket" aria-labelledby="walk-in-ticket-title">
        <h3 id="walk-in-ticket-title">His ticket</h3>
        <div className="walk-in-qr">
          <Suspense fallback={<Spinner label="Drawing his QR code" />}>
            <TicketQr token={answer.ticket.token} label={`QR code of the ticket of ${name}`} />
          </Suspense>
        </div>
        <p>Ticket code:</p>
        <p className="walk-in-code">{formatTicketCode(answer.ticket.code)}</p>
        <p>
          {formatLongDate(a.event_date)}, {formatTime(a.start_time)} to {formatTime(a.end_time)}
        </p>
      </section>
      <p>
        His confirmation with this ticket is being emailed to {answer.email}.{' '}
        {answer.new_account
          ? answer.emailed
            ? 'He is also emailed a link to choose his password; then he can see his booking and result online.'
            : 'The email to choose his password could not be sent: he can use Forgot password? on the sign-in page with this address.'
          : 'He signs in with the account he already has.'}
      </p>
      <div className="staff-toolbar">
        <Link className="button button-primary" to={paths.staffEvent(eventId)}>
          Check him in from the list
        </Link>
      </div>
    </div>
  );
}
