/**
 * The booking requests' wire schema (src/domain/booking-request.ts): eventId and appointmentStartTime
 * are required text, a 422 naming the field otherwise; the other fields are text or absent, never a 422 of their own.
 */
import { describe, expect, it } from 'vitest';
import { accessCodeAttemptSchema, bookingRequestSchema, changeTimeRequestSchema, consentEventSchema, EVENT_ID_MESSAGE, START_TIME_MESSAGE } from '../../src/domain/booking-request';
import { check } from '../../src/domain/schema-kit';

const EVENT = { path: 'eventId', message: EVENT_ID_MESSAGE };
const START = { path: 'appointmentStartTime', message: START_TIME_MESSAGE };

describe('a booking request', () => {
  it.each([
    [
      { eventId: 'e1', appointmentStartTime: '10:00', consentId: 'c1', accessGrant: 'g', price: 0 },
      { eventId: 'e1', appointmentStartTime: '10:00', consentId: 'c1', accessGrant: 'g' },
    ],
    [{ eventId: 'e1', appointmentStartTime: 'x', accessGrant: 'g'.repeat(2001) }, { eventId: 'e1', appointmentStartTime: 'x', consentId: null, accessGrant: null }],
    [{ eventId: 'e1', appointmentStartTime: '10:00', consentId: 'a\u0000b' }, { eventId: 'e1', appointmentStartTime: '10:00', consentId: null, accessGrant: null }],
  ])('%j', (body, value) => expect(check(bookingRequestSchema, body)).toEqual({ ok: true, value }));

  it.each([
    [{}, [EVENT, START]],
    [{ eventId: 42, appointmentStartTime: 1000 }, [EVENT, START]],
    [{ eventId: null, appointmentStartTime: '10:00' }, [EVENT]],
    [{ eventId: ' ', appointmentStartTime: ['10:00'] }, [EVENT, START]],
    [{ eventId: 'x'.repeat(101), appointmentStartTime: '1'.repeat(17) }, [EVENT, START]],
  ])('refuses %j naming each field', (body, issues) => expect(check(bookingRequestSchema, body)).toEqual({ ok: false, issues }));

  it('reads a consent’s event by the same rule', () => {
    expect(check(consentEventSchema, { eventId: 'e1' })).toEqual({ ok: true, value: { eventId: 'e1' } });
    expect(check(consentEventSchema, { eventId: 42 })).toEqual({ ok: false, issues: [EVENT] });
  });

  it('reads a change of time the same way', () => {
    expect(check(changeTimeRequestSchema, { appointmentStartTime: '11:00', fromStartTime: ['10:00'] })).toEqual({
      ok: true,
      value: { appointmentStartTime: '11:00', fromStartTime: null },
    });
  });

  it.each([
    [{ access_code: 'K7QM-3XPA' }, 'K7QM-3XPA'],
    [{ access_code: 123456 }, null],
    [{}, null],
  ])('an access code attempt %j', (body, code) => expect(check(accessCodeAttemptSchema, body)).toEqual({ ok: true, value: { access_code: code } }));
});
