import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../src/domain/booking';
import { attendeePaymentLabel } from '../../src/domain/staff-attendees';

describe('attendeePaymentLabel', () => {
  it.each<[PaymentStatus, number, string]>([
    ['paid', 0, 'Free'],
    ['paid', 2500, 'Paid'],
    ['paid by card', 2500, 'Paid by card'],
    ['unpaid', 2500, 'Unpaid'],
    ['refund pending', 2500, 'Refund pending'],
    ['refunded', 2500, 'Refunded'],
    ['refund failed', 2500, 'Refund failed'],
  ])('%s at %i pence reads %s', (status, price, label) => {
    expect(attendeePaymentLabel({ payment_status: status, price })).toBe(label);
  });
});
