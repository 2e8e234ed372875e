import { describe, expect, it } from 'vitest';
import { check } from '../../src/domain/schema-kit';
import { ACCESS_CODE_MESSAGE, accessCodeBodySchema, accessCodeProblem, checkStaffEvent } from '../../src/domain/staff-event';
import { asApiEvent, makeEvent } from '../fixtures/events';

const { event_id: _id, booked_spaces: _booked, ...GOOD } = asApiEvent(makeEvent());

describe('checkStaffEvent', () => {
  it('accepts a complete event and tidies it (trimmed text, upper-case postcode and CORPORATE)', () => {
    const checked = checkStaffEvent({ ...GOOD, event_name: '  Ipswich Screening ', postcode: 'ip1 1aa', exclusive_for: 'corporate' });
    expect(checked.issues).toEqual([]);
    expect(checked.event).toMatchObject({ event_name: 'Ipswich Screening', postcode: 'IP1 1AA', exclusive_for: 'CORPORATE' });
  });

  it("reads the editor's text boxes: digits as numbers, empty as none", () => {
    const checked = checkStaffEvent({ ...GOOD, total_spaces: '40', price: '', latitude: '52.05', longitude: '1.15', country: '' });
    expect(checked.event).toMatchObject({ total_spaces: 40, price: null, latitude: 52.05, longitude: 1.15, country: 'United Kingdom' });
  });

  it.each([
    [{ event_name: '' }, 'event_name', 'The event name is required.'],
    [{ category: 'CORPORATE' }, 'category', 'The category must be one of community, freemasons, corporate.'],
    [{ product_price: '12.50' }, 'product_price', 'The product price (pence) must be a whole number from 0 to 10000000.'],
    [{ event_date: '20/06/2026' }, 'event_date', 'The date must be a real date, YYYY-MM-DD.'],
    [{ start_time: '9:00' }, 'start_time', 'The start time must be HH:mm (24-hour).'],
    [{ start_time: '12:00', end_time: '12:00' }, 'end_time', 'The end time must be after the start time, on the same day.'],
    [{ session_duration: 1441 }, 'session_duration', 'The session length (minutes) must be a whole number from 1 to 1440.'],
    [{ places_per_slot: 0 }, 'places_per_slot', 'Places per time must be a whole number from 1 to 100000.'],
    [{ exclusive_for: 'STAFF' }, 'exclusive_for', 'Exclusive for must be CORPORATE or empty.'],
    [{ contact_email: 'events@' }, 'contact_email', 'The contact email must be an email address.'],
    [{ latitude: 52, longitude: null }, 'latitude', 'Give both latitude and longitude (pick the place on the map), or neither.'],
    [{ longitude: 181 }, 'longitude', 'The longitude must be a number from -180 to 180.'],
    [{ payment_required: 'true' }, 'payment_required', 'Payment required must be yes or no.'],
    [{ city: 42 }, 'city', 'The town or city must be text.'],
  ])('refuses %j: %s', (change, field, message) => {
    const checked = checkStaffEvent({ ...GOOD, ...change });
    expect(checked.event).toBeNull();
    expect(checked.issues).toContainEqual({ field, message });
  });
});

describe('accessCodeProblem', () => {
  it.each(['K7QM-3XPA', 'harwich lodge 7', 'ABCDEF'])('accepts %j', (code) => {
    expect(accessCodeProblem(code)).toBeNull();
  });
  it.each(['', 'ABC12', '------', 'a-b-c-d-e', 'CODE<script>', 'x'.repeat(33)])('refuses %j', (code) => {
    expect(accessCodeProblem(code)).not.toBeNull();
  });
});

describe('access_code in a body', () => {
  it.each([
    [{}, { ok: true, value: { access_code: null } }],
    [{ access_code: '' }, { ok: true, value: { access_code: null } }],
    [{ access_code: ' K7QM-3XPA ' }, { ok: true, value: { access_code: 'K7QM-3XPA' } }],
    [{ access_code: 123456 }, { ok: false, issues: [{ path: 'access_code', message: 'The access code must be text.' }] }],
    [{ access_code: 'abc' }, { ok: false, issues: [{ path: 'access_code', message: ACCESS_CODE_MESSAGE }] }],
  ])('%j', (body, expected) => expect(check(accessCodeBodySchema, body)).toEqual(expected));

  it('travels with the event, and its problem is listed with the event’s', () => {
    const checked = checkStaffEvent({ ...GOOD, event_name: '', access_code: 'abc' });
    expect(checked.issues.map((i) => i.field)).toEqual(['event_name', 'access_code']);
    expect(checkStaffEvent({ ...GOOD, access_code: 'harwich lodge 7' })).toMatchObject({ accessCode: 'harwich lodge 7', issues: [] });
  });
});
