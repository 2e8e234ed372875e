/**
 * The order summary beside the slot grid (docs/rules.md#booking):
 * description, name, price, subtotal and total in pounds, and 'Add another
 * service', which explains that one booking covers one test.
 */
import { useState } from 'react';
import { eventPricePence, type ScreeningEvent } from '@/domain/event';
import { formatLongDate, formatPence, formatTime } from '@/domain/format';

export function OrderSummary({ event, slot }: { event: ScreeningEvent; slot: string | null }) {
  const [explaining, setExplaining] = useState(false);
  const price = formatPence(eventPricePence(event));
  return (
    <aside className="order-summary card" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order summary</h2>
      <dl>
        <dt>Description</dt>
        <dd>
          {event.product_name}, {formatLongDate(event.event_date)}
          {slot ? ` at ${formatTime(slot)}` : ''}
        </dd>
        <dt>Name</dt>
        <dd>{event.event_name}</dd>
        <dt>Price</dt>
        <dd>{price}</dd>
        <dt>Subtotal</dt>
        <dd>{price}</dd>
        <dt className="order-total">Total</dt>
        <dd className="order-total">{price}</dd>
      </dl>
      <button type="button" className="button button-secondary" onClick={() => setExplaining(true)}>
        Add another service
      </button>
      <div role="alert">
        {explaining && (
          <p className="notice">
            Each booking is for one man and one test. To book another service or another person, finish this booking
            first, then choose an event again.
          </p>
        )}
      </div>
    </aside>
  );
}
