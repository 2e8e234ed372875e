/**
 * 'Your Order' beside the card form (SPEC.md section 2, Checkout): the
 * product, date and time, and the price the server gave, in pounds. The
 * discount line exists in the summary but stays hidden while its
 * percentage is 0 (SPEC: it always is). A live hold shows its minutes left.
 */
import type { ScreeningEvent } from '../../../domain/event';
import { formatLongDate, formatPence, formatTime } from '../../../domain/format';
import { minutesLeft } from '../../../domain/checkout-messages';

const DISCOUNT_PERCENT = 0;

export function YourOrder(props: { event: ScreeningEvent; slot: string; amount: number; holdExpiresAt: string | null; now: number }) {
  const { event, slot, amount, holdExpiresAt, now } = props;
  const discount = Math.round((amount * DISCOUNT_PERCENT) / 100);
  const left = holdExpiresAt ? minutesLeft(holdExpiresAt, now) : null;
  return (
    <aside className="checkout-order card" aria-labelledby="your-order-title">
      <h2 id="your-order-title">Your Order</h2>
      <dl>
        <dt>Product</dt>
        <dd>{event.product_name}</dd>
        <dt>Event</dt>
        <dd>{event.event_name}</dd>
        <dt>Date</dt>
        <dd>
          {formatLongDate(event.event_date)} at {formatTime(slot)}
        </dd>
        <dt>Price</dt>
        <dd>{formatPence(amount)}</dd>
        {discount > 0 && (
          <>
            <dt>Discount ({DISCOUNT_PERCENT}%)</dt>
            <dd>−{formatPence(discount)}</dd>
          </>
        )}
        <dt className="order-total">Total</dt>
        <dd className="order-total">{formatPence(amount - discount)}</dd>
      </dl>
      {left !== null && (
        <p className="checkout-hold">
          {left > 0
            ? `Your place is held for ${left} more minute${left === 1 ? '' : 's'} while you pay.`
            : 'Your hold on this place has ended; paying now books it if the place is still free.'}
        </p>
      )}
    </aside>
  );
}
