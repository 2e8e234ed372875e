import { describe, expect, it } from 'vitest';
import { displayPrice, formatLongDate, formatPence, formatSavedAt, formatTime, truncateName } from '../../src/domain/format';
import { eventPricePence, fullAddress, isEsneftEvent, spacesLeft } from '../../src/domain/event';

describe('money', () => {
  it.each([
    [2500, '£25.00'],
    [1, '£0.01'],
    [1999, '£19.99'],
    [123456, '£1,234.56'],
    [0, '£0.00'],
  ])('formatPence(%i) = %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it.each<[number | null | undefined, string | null]>([
    [2500, '£25.00'],
    [0, null],
    [-100, null],
    [null, null],
    [undefined, null],
  ])('displayPrice(%j) = %j', (pence, text) => {
    expect(displayPrice(pence)).toBe(text);
  });

  it.each<[number | null, number, number]>([
    [null, 2500, 2500],
    [0, 2500, 0],
    [1500, 2500, 1500],
  ])('event price %j over product price %i is %i', (price, productPrice, expected) => {
    expect(eventPricePence({ price, product_price: productPrice })).toBe(expected);
  });
});

describe('dates and times', () => {
  it.each([
    ['2026-11-23', 'Monday, 23 November 2026'],
    ['2026-03-29', 'Sunday, 29 March 2026'],
    ['2027-01-01', 'Friday, 1 January 2027'],
  ])('formatLongDate(%s) = %s', (date, text) => {
    expect(formatLongDate(date)).toBe(text);
  });

  it.each([
    ['09:05', '09:05'],
    ['9:05', '09:05'],
    ['14:30:00', '14:30'],
  ])('formatTime(%s) = %s', (time, text) => {
    expect(formatTime(time)).toBe(text);
  });

  it.each([
    ['2026-07-01T09:15:00Z', '1 July 2026 at 10:15'],
    ['2026-12-01T23:30:00Z', '1 December 2026 at 23:30'],
  ])('formatSavedAt(%s) shows UK time', (iso, text) => {
    expect(formatSavedAt(Date.parse(iso))).toBe(text);
  });
});

describe('event names and places', () => {
  it.each([
    ['Short name', 'Short name'],
    ['Exactly twenty-four chr', 'Exactly twenty-four chr'],
    ['123456789012345678901234', '123456789012345678901234'],
    ['1234567890123456789012345', '123456789012345678901234…'],
    ['PSA Screening at Ipswich Masonic Hall', 'PSA Screening at Ipswich…'],
  ])('truncateName(%j) = %j', (name, shown) => {
    expect(truncateName(name)).toBe(shown);
  });

  it.each([
    [40, 0, 40],
    [40, 39, 1],
    [40, 40, 0],
    [40, 45, 0],
  ])('%i spaces with %i booked leaves %i', (total, booked, left) => {
    expect(spacesLeft({ total_spaces: total, booked_spaces: booked })).toBe(left);
  });

  it('joins the address, skipping blanks', () => {
    expect(
      fullAddress({ address_line_1: 'St Mary’s Hall', address_line_2: ' ', city: 'Ipswich', state: null, postcode: 'IP1 2AB', country: 'United Kingdom' }),
    ).toBe('St Mary’s Hall, Ipswich, IP1 2AB, United Kingdom');
  });

  it.each([
    ['ESNEFT', true],
    [' esneft ', true],
    ['Other Lab', false],
    [null, false],
  ])('isEsneftEvent(%j) = %s', (lab, expected) => {
    expect(isEsneftEvent({ lab_name: lab })).toBe(expected);
  });
});
