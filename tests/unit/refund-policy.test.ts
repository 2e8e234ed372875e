import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, cancellationOutcome, cancellationOutcomeText, isBusinessDay, refundDecision } from '../../src/domain/refund-policy';
import { bankHolidaysBetween } from '../../server/modules/payments/bank-holidays';

// England and Wales, from the maintained package the server uses.
const holidays = bankHolidaysBetween('2026-01-01', '2027-12-31');

describe('bank holidays (England and Wales)', () => {
  it.each([
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-05-04', 'Early May'],
    ['2026-05-25', 'Spring'],
    ['2026-08-31', 'Summer'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-28', 'Boxing Day, substitute for Saturday 26th'],
    ['2027-03-26', 'Good Friday 2027'],
  ])('%s (%s) is not a business day', (date) => {
    expect(holidays.has(date)).toBe(true);
    expect(isBusinessDay(date, holidays)).toBe(false);
  });
  it('an ordinary Wednesday is', () => expect(isBusinessDay('2026-06-10', holidays)).toBe(true));
});

describe('businessDaysBetween', () => {
  it.each([
    ['2026-06-08', '2026-06-11', 2, 'Monday to Thursday: Tuesday, Wednesday'],
    ['2026-06-08', '2026-06-12', 3, 'Monday to Friday'],
    ['2026-06-12', '2026-06-16', 1, 'Friday to Tuesday: only Monday'],
    ['2026-04-01', '2026-04-08', 2, 'Easter: Thursday 2nd and Tuesday 7th'],
    ['2026-12-23', '2026-12-31', 3, 'Christmas: 24th, 29th, 30th'],
    ['2026-06-10', '2026-06-10', 0, 'the same day'],
    ['2026-06-10', '2026-06-01', 0, 'a date already gone'],
  ])('%s to %s: %i (%s)', (from, to, expected) => {
    expect(businessDaysBetween(from, to, holidays)).toBe(expected);
  });
});

describe('refundDecision (more than 2 business days: full; otherwise none)', () => {
  it.each([
    ['2026-06-08T08:00:00Z', '2026-06-12', 'full', 'Monday for Friday: 3 days'],
    ['2026-06-08T08:00:00Z', '2026-06-11', 'none', 'Monday for Thursday: 2 days'],
    ['2026-06-05T16:00:00Z', '2026-06-10', 'none', 'Friday for Wednesday: Monday, Tuesday'],
    ['2026-06-04T16:00:00Z', '2026-06-10', 'full', 'Thursday for Wednesday: Friday, Monday, Tuesday'],
    ['2026-04-01T09:00:00Z', '2026-04-09', 'full', 'over Easter: 2nd, 7th, 8th'],
    ['2026-04-01T09:00:00Z', '2026-04-08', 'none', 'over Easter: 2nd, 7th only'],
    // 23:30 UTC on Sunday 7 June is 00:30 Monday in London: the UK day decides.
    ['2026-06-07T23:30:00Z', '2026-06-11', 'none', 'just after midnight in London'],
    ['2026-06-07T22:30:00Z', '2026-06-11', 'full', 'Sunday evening in London'],
    ['2026-06-20T09:00:00Z', '2026-06-20', 'none', 'the day itself'],
  ])('cancelled %s for %s: %s (%s)', (at, eventDate, expected) => {
    expect(refundDecision(eventDate, new Date(at), holidays)).toBe(expected);
  });
});

describe('addBusinessDays: the latest day a refund is issued (14 business days)', () => {
  it.each([
    ['2026-06-10', '2026-06-30', 'a Wednesday in June: no bank holidays'],
    ['2026-12-18', '2027-01-12', 'over Christmas: 25th, 28th (Boxing Day substitute) and 1 January skipped'],
    ['2026-03-27', '2026-04-20', 'over Easter: Good Friday and Easter Monday skipped'],
  ])('%s -> %s (%s)', (from, to) => expect(addBusinessDays(from, 14, holidays)).toBe(to));
});

describe('cancellationOutcome: one outcome, in one sentence', () => {
  // Monday 8 June 2026, 10:00 in London.
  const monday = new Date('2026-06-08T09:00:00Z');
  it.each([
    [0, '2026-06-12', { refund: 'free' }, 'This booking is free, so there is nothing to refund.'],
    [2500, '2026-06-11', { refund: 'none', paidPence: 2500 }, 'This booking starts within 2 business days, so under our refund policy the £25.00 you paid is not refunded if you cancel it now.'],
    [2500, '2026-06-12', { refund: 'full', paidPence: 2500, refundPence: 2500, refundBy: '2026-06-26' },
      'You are cancelling more than 2 business days before the event, so the £25.00 you paid will be refunded to your card in full, by Friday, 26 June 2026 at the latest.'],
  ] as const)('%i pence for %s', (paid, eventDate, outcome, words) => {
    expect(cancellationOutcome(paid, eventDate, monday, holidays)).toEqual(outcome);
    expect(cancellationOutcomeText(outcome)).toBe(words);
  });
});
