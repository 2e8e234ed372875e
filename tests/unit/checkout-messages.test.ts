import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, minutesLeft } from '../../src/domain/checkout-messages';

describe('minutesLeft on a hold', () => {
  const expires = new Date('2026-06-10T09:15:00.000Z').getTime();
  it.each([
    ['2026-06-10T09:00:00.000Z', 15],
    ['2026-06-10T09:14:01.000Z', 1],
    ['2026-06-10T09:14:59.999Z', 1],
    ['2026-06-10T09:15:00.000Z', 0],
    ['2026-06-10T10:00:00.000Z', 0],
  ])('at %s: %i', (now, expected) => {
    expect(minutesLeft(expires, new Date(now).getTime())).toBe(expected);
  });
});

describe('checkout words (docs/rules.md#checkout-messages)', () => {
  it('fills in the transaction and the non-recoverable error as the checkout shows them', () => {
    expect(CHECKOUT_MESSAGES.transaction('CAP1', 'COMPLETED')).toBe(
      'Transaction CAP1: COMPLETED. Please wait while we process your payment and navigate you to the next step.',
    );
    expect(CHECKOUT_MESSAGES.nonRecoverable('Order not approved', 'abc123')).toBe('Non-recoverable error: Order not approved (abc123)');
    expect(CHECKOUT_MESSAGES.declined).toBe('Sorry, your transaction could not be processed. Please try again later or with a different payment card.');
  });
});
