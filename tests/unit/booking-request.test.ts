/** The booking requests' wire schema (src/domain/booking-request.ts): each field text or absent, never a 422 of its own. */
import { describe, expect, it } from 'vitest';
import { accessCodeAttemptSchema, bookingRequestSchema, changeTimeRequestSchema } from '../../src/domain/booking-request';
import { check } from '../../src/domain/schema-kit';

describe('a booking request', () => {
  it.each([
    [
      { eventId: 'e1', appointmentStartTime: '10:00', consentId: 'c1', accessGrant: 'g', price: 0 },
      { eventId: 'e1', appointmentStartTime: '10:00', consentId: 'c1', accessGrant: 'g' },
    ],
    [{}, { eventId: null, appointmentStartTime: null, consentId: null, accessGrant: null }],
    [{ eventId: 42, appointmentStartTime: 1000 }, { eventId: null, appointmentStartTime: null, consentId: null, accessGrant: null }],
    [{ eventId: 'x'.repeat(101), accessGrant: 'g'.repeat(2001) }, { eventId: null, appointmentStartTime: null, consentId: null, accessGrant: null }],
    [{ consentId: 'a\u0000b' }, { eventId: null, appointmentStartTime: null, consentId: null, accessGrant: null }],
  ])('%j', (body, value) => expect(check(bookingRequestSchema, body)).toEqual({ ok: true, value }));

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
