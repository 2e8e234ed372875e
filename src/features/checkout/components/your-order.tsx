/**
 * 'Your Order' beside the card form (docs/rules.md#card-payment): the
 * product, date and time, and the price the server gave, in pounds. The
 * discount line exists in the summary but stays hidden while its
 * percentage is 0 (it always is: the site gives no discounts). A live hold
 * shows its minutes left (ending at `endsAt`, on this phone's clock); a hold
 * that has ended, by time or because a declined card freed the place, says so.
 */
import type { ScreeningEvent } from '@/domain/event';
import { formatLongDate, formatPence, formatTime } from '@/domain/format';
import { minutesLeft } from '@/domain/checkout-messages';

export const HOLD_ENDED = 'Your hold on this place has ended; paying now books it if the place is still free.';

const DISCOUNT_PERCENT = 0;

export function YourOrder(props: { event: ScreeningEvent; slot: string; amount: number; hold: { endsAt: number } | 'ended' | null; now: number }) {
  const { event, slot, amount, hold, now } = props;
  const discount = Math.round((amount * DISCOUNT_PERCENT) / 100);
  const left = hold === 'ended' ? 0 : hold ? minutesLeft(hold.endsAt, now) : null;
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
            : HOLD_ENDED}
        </p>
      )}
    </aside>
  );
}
