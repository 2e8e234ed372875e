/** Everything a visitor needs to decide and to find the venue (docs/rules.md#event-page). */
import { EventMap } from '../map/lazy-maps';
import { directionsUrl } from '../directions';
import { displayPrice, formatLongDate, formatTime } from '@/domain/format';
import { eventPricePence, fullAddress, isEsneftEvent, spacesLeft, type ScreeningEvent } from '@/domain/event';
import { mailtoHref, site } from '@/content/site';
import { lazy, Suspense } from 'react';
import { mayJoin } from '@/domain/waiting-list';
import { BookEventAction } from './book-event-action';

// Only a fully booked event's page loads the waiting list's code.
const WaitingListPanel = lazy(() => import('./waiting-list-panel'));
const HeldPlaceNotice = lazy(() => import('./waiting-list-panel').then((m) => ({ default: m.HeldPlaceNotice })));

export function EventDetails({ event, now }: { event: ScreeningEvent; now: Date }) {
  const price = displayPrice(eventPricePence(event));
  const spaces = spacesLeft(event);
  const email = event.contact_email || site.email;
  const hasMap = typeof event.latitude === 'number' && typeof event.longitude === 'number';

  return (
    <article className="event-detail">
      <div className="event-detail-main">
        <h1>{event.event_name}</h1>
        {/* A member holding a place from the waiting list reads that first, before "Fully Booked". */}
        {mayJoin(event, now) && (
          <Suspense fallback={null}>
            <HeldPlaceNotice event={event} />
          </Suspense>
        )}
        <p className="event-detail-product">{event.product_name}</p>
        <p className={`tag ${event.is_private ? 'tag-private' : 'tag-public'}`}>
          {event.is_private ? 'Private event' : 'Public event'}
        </p>

        <dl className="facts">
          <dt>Date</dt>
          <dd>{formatLongDate(event.event_date)}</dd>
          <dt>Time</dt>
          <dd>
            {formatTime(event.start_time)}
            <span aria-hidden="true"> – </span>
            <span className="visually-hidden"> to </span>
            {formatTime(event.end_time)}
          </dd>
          {price && (
            <>
              <dt>Price</dt>
              <dd>{price}</dd>
            </>
          )}
          <dt>Spaces</dt>
          <dd>{spaces > 0 ? `${spaces} ${spaces === 1 ? 'space' : 'spaces'} left` : 'Fully Booked'}</dd>
          <dt>Venue</dt>
          <dd>
            <address>{fullAddress(event)}</address>
            <a href={directionsUrl(event)} target="_blank" rel="noopener noreferrer" className="directions-link">
              Get directions<span className="visually-hidden"> (opens your maps app or a new tab)</span>
            </a>
          </dd>
          <dt>Contact</dt>
          <dd>
            <a href={mailtoHref(email, event.event_name)}>{email}</a>
          </dd>
        </dl>

        {event.event_description && <p className="event-detail-description">{event.event_description}</p>}

        {isEsneftEvent(event) && (
          <div className="notice notice-danger">
            <p>
              <strong>NHS number required.</strong> Samples from this event are tested by the ESNEFT laboratory. You
              must give your NHS number and it must be correct (10 digits), or the laboratory will reject your
              sample.
            </p>
          </div>
        )}

        <div className="event-detail-action">
          <BookEventAction event={event} now={now} />
        </div>

        {mayJoin(event, now) && (
          <Suspense fallback={null}>
            <WaitingListPanel event={event} />
          </Suspense>
        )}

        <p className="notice notice-info">
          This is a new booking system. If you have booked with us before, you will need to register again before
          you can book.
        </p>
      </div>

      {hasMap && (
        <div className="event-detail-map">
          <EventMap event={event} />
        </div>
      )}
    </article>
  );
}
