/**
 * The readable copy's words for money and reasons (member-export-words.ts):
 * a free event's booking reads as free, never "Paid" and "£0.00"; a card
 * payment that went back reads "Refunded", and its transaction says what
 * PayPal did (took the money), never "Completed"; every reason and list of
 * what was seen starts as a sentence does, with a capital.
 */
import { describe, expect, it } from 'vitest';
import type { MemberExport } from '../../../../src/domain/member-export';
import { memberExportHtml } from '../member-export-html';
import { valueWords } from '../member-export-words';

const EMPTY: MemberExport = {
  exported_at: '2026-11-25T14:05:00Z', about: 'Everything we hold.', account: null, sign_in_sessions: [], profile: null, email_choices: null,
  consents: [], bookings: [], payments: [], card_transactions: [], check_ins: [], screening_history: [], results: [], waiting_lists: [],
  newsletter_subscription: [], contact_enquiries: [], record_access: [],
};

/** The words of one section's page: tags gone, spaces made one. */
const words = (data: Partial<MemberExport>) =>
  memberExportHtml({ ...EMPTY, ...data })
    .replace(/<style>[\s\S]*?<\/style>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the readable copy of his data', () => {
  it('shows a free booking as free: no "Paid" and no £0.00', () => {
    const text = words({ bookings: [{ appointment_id: 'a1', event_name: 'Free Screening', status: 'confirmed', payment_status: 'paid', price_pounds: 0 }] });
    expect(text).toContain('Payment Nothing to pay: a free event');
    expect(text).toContain('Price Free');
    expect(text).not.toContain('£0.00');
    expect(text).not.toMatch(/Payment Paid\b/);
  });

  it('shows a refunded card payment as refunded, with the reason as a sentence, and its transaction as money taken, not "Completed"', () => {
    const text = words({
      bookings: [{ appointment_id: 'a2', event_name: 'Paid Screening', status: 'cancelled', payment_status: 'refunded', price_pounds: 25 }],
      payments: [{ appointment_id: 'a2', amount_pounds: 25, status: 'refunded', refund_reason: 'cancelled' }],
      card_transactions: [{ appointment_id: 'a2', amount: '25.00', status: 'COMPLETED', payment_method: 'card' }],
    });
    expect(text).toContain('Payment Refunded');
    expect(text).toContain('Price £25.00');
    expect(text).toContain('Status Refunded');
    expect(text).toContain('Why it was refunded You cancelled more than 2 business days before the event');
    expect(text).toContain('Status Taken from the card');
    expect(text).toContain('Paid by Card');
    expect(text).not.toContain('Completed');
  });

  it.each([
    ['refund_reason', 'place_gone', 'Your payment reached us after your place had gone'],
    ['refund_reason', 'event_cancelled', 'The charity cancelled the event'],
    ['payment_status', 'refund failed', 'Refund delayed: we are looking into it'],
    ['status', 'refund_due', 'Refund under way'],
  ])('writes %s %j as a sentence', (key, value, expected) => {
    expect(valueWords(key, value)).toBe(expected);
  });

  it('starts what staff saw with a capital', () => {
    expect(valueWords('seen', ['identity', 'nhs_number'])).toBe('Your name and date of birth, your NHS number');
  });
});
