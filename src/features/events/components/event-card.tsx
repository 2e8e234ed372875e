/**
 * One event in a list: short name (cut at 24 characters,
 * docs/rules.md#event-card), the venue and town on a line of their own (a cut
 * name often loses the venue), product, date, times and the button its state
 * allows. BOOK opens the event page; so does a fully booked event still taking
 * bookings, whose page offers its waiting list (the card says Fully Booked and
 * leads there). Passed, closed, and full past the cut-off are disabled buttons
 * naming why.
 */
import { Link } from 'react-router-dom';
import { CARD_LABELS, cardState } from '@/domain/event-card';
import { formatLongDate, formatTime, truncateName } from '@/domain/format';
import { paths } from '@/lib/paths';
import { mayJoin } from '@/domain/waiting-list';
import { type ScreeningEvent } from '@/domain/event';

interface Props {
  event: ScreeningEvent;
  now: Date;
  headingLevel?: 'h2' | 'h3';
}

export function EventCard({ event, now, headingLevel: Heading = 'h3' }: Props) {
  const state = cardState(event, now);
  const label = CARD_LABELS[state];
  const headingId = `event-card-${event.event_id}`;
  const shortName = truncateName(event.event_name);
  const isCut = shortName !== event.event_name;

  return (
    <li className="event-card card" data-event-id={event.event_id} data-card-state={state}>
      <Heading id={headingId} className="event-card-name" title={isCut ? event.event_name : undefined}>
        {isCut ? (
          <>
            <span aria-hidden="true">{shortName}</span>
            <span className="visually-hidden">{event.event_name}</span>
          </>
        ) : (
          event.event_name
        )}
      </Heading>
      <p className="event-card-venue">{[event.address_line_1, event.city].filter(Boolean).join(', ')}</p>
      <p className="event-card-product">{event.product_name}</p>
      <p className="event-card-when">
        <span>{formatLongDate(event.event_date)}</span>
        <span>
          {formatTime(event.start_time)}
          <span aria-hidden="true"> – </span>
          <span className="visually-hidden"> to </span>
          {formatTime(event.end_time)}
        </span>
      </p>
      {state === 'book' ? (
        <Link
          to={paths.event(event.event_id)}
          state={{ event }}
          className="button button-primary event-card-action"
          aria-describedby={headingId}
        >
          {label}
        </Link>
      ) : mayJoin(event, now) ? (
        <Link to={paths.event(event.event_id)} state={{ event }} className="button event-card-action event-card-waiting" aria-describedby={headingId}>
          {label}: join the waiting list
        </Link>
      ) : (
        <button type="button" className="button event-card-action" disabled aria-describedby={headingId}>
          {label}
        </button>
      )}
    </li>
  );
}
