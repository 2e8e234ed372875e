/**
 * The pure parts of recording a look at a man's record
 * (docs/rules.md#record-access): the staff first name he is shown (never
 * an address), what was seen in words, and why the attendee list is open
 * for each man, from his result's band and the event's day.
 */
import { describe, expect, it } from 'vitest';
import { seenInWords, staffFirstName } from '../../src/domain/record-access';
import { attendeeReason, attendeeSeen } from '../../server/modules/staff/record-access';

describe('the staff first name a member is shown', () => {
  it.each([
    [['Priya', 'Ignored'], 'Priya'],
    [[undefined, null, 'Sam Staff'], 'Sam'],
    [['  Jo  Bloggs '], 'Jo'],
    [['', '   ', 42, 'Ann'], 'Ann'],
    [['sam.staff@example.org', 'Sam'], 'Sam'],
    [['sam.staff@example.org'], null],
    [['x'.repeat(41)], null],
    [[], null],
  ])('from %j is %j', (candidates, name) => {
    expect(staffFirstName(candidates)).toBe(name);
  });
});

describe('what was seen, in words', () => {
  it('lists in a fixed order with "and" before the last', () => {
    expect(seenInWords(['results', 'identity'])).toBe('your name and date of birth and your results');
    expect(seenInWords(['consent_answers', 'results', 'nhs_number', 'identity'])).toBe(
      'your name and date of birth, your NHS number, your results and your consent answers',
    );
    expect(seenInWords(['nhs_number'])).toBe('your NHS number');
  });
});

describe('why the attendee list is open for one man', () => {
  const slot = '2026-06-20T09:00:00.000Z';
  const result = (band: 'green' | 'amber' | 'red' | null) => ({ test_result: 1, comments: null, sample_date: '2026-06-20', band, follow_up: null });
  it.each([
    ['2026-06-19', null, 'check_in'],
    ['2026-06-20', null, 'check_in'],
    ['2026-06-21', null, 'result_entry'],
    ['2026-06-20', 'green', 'result_entry'],
    ['2026-06-24', 'green', 'result_entry'],
    ['2026-06-24', 'amber', 'follow_up'],
    ['2026-06-20', 'red', 'follow_up'],
    ['2026-06-24', null, 'result_entry'],
  ] as const)('on %s with a %s result: %s', (today, band, reason) => {
    const withResult = band === null ? null : result(band);
    expect(attendeeReason({ slot_start: slot, result: withResult }, today)).toBe(reason);
  });

  it('counts a confirmed booking as his name and date of birth seen, and a cancelled one only by what it still shows', () => {
    expect(attendeeSeen({ status: 'confirmed', nhs_number: '9434765919', result: null })).toEqual(['identity', 'nhs_number']);
    expect(attendeeSeen({ status: 'cancelled', nhs_number: null, result: null })).toEqual([]);
    expect(attendeeSeen({ status: 'cancelled', nhs_number: null, result: result('green') })).toEqual(['results']);
  });
});
