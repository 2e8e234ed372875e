/**
 * The places an event shows are the places that
 * can really be booked (capped by the free places in slots not yet begun),
 * and /slots offers nothing for an event closed to booking, saying which
 * state it is in: passed, full, closed, or cancelled by the charity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_REFUSAL_MESSAGES } from '../../../../src/domain/booking';
import type { ScreeningEvent } from '../../../../src/domain/event';
import type { SlotsByDate } from '../../../../src/domain/slots';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { takePlaces } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

// Wednesday 10 June 2026, 10:00 in London (BST).
const NOW = new Date('2026-06-10T09:00:00Z');

// 40 places, but 10:00 to 12:00 in 15-minute slots of one place: 8 can ever be chosen, 3 are taken.
const manyPlaces = makeEvent({ event_name: 'Many places', event_date: '2026-06-20', total_spaces: 40 });
// Two places a slot, four slots, three places taken in the first two slots.
const twoPerSlot = makeEvent({ event_name: 'Two per slot', event_date: '2026-06-20', end_time: '11:00', places_per_slot: 2, total_spaces: 40 });
// Running now (09:00 to 11:00 in 20-minute slots): four slots have begun, two remain.
const runningNow = makeEvent({ event_name: 'Running now', event_date: '2026-06-10', start_time: '09:00', end_time: '11:00', session_duration: 20, exclusive_for: 'CORPORATE' });
// Every slot taken although the event's 40 places are far from sold.
const slotsGone = makeEvent({ event_name: 'Slots gone', event_date: '2026-06-21', end_time: '10:30', total_spaces: 40 });
// Tomorrow at 09:00: within the 24-hour cut-off.
const closing = makeEvent({ event_name: 'Closing', event_date: '2026-06-11', start_time: '09:00' });
const corporateTomorrow = makeEvent({ event_name: 'Corporate tomorrow', event_date: '2026-06-11', start_time: '09:00', exclusive_for: 'CORPORATE' });
const ended = makeEvent({ event_name: 'Ended', event_date: '2026-06-01' });
const cancelled = makeEvent({ event_name: 'Cancelled', event_date: '2026-06-25' });

describe.each(ENGINES)('places and booking states on %s', (engine) => {
  let test: TestDatabase;
  const get = <T>(path: string) => getJson<T>(testApp({ db: test.db, now: NOW }), path);
  const placesOf = async (event: ScreeningEvent) => (await get<{ event: ScreeningEvent }>(`/api/events/${event.event_id}`)).body.event.places_left;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [manyPlaces, twoPerSlot, runningNow, slotsGone, closing, corporateTomorrow, ended, cancelled]);
    await takePlaces(test.db, manyPlaces, ['10:00', '10:15', '10:30']);
    await takePlaces(test.db, twoPerSlot, ['10:00', '10:00', '10:15']);
    await takePlaces(test.db, slotsGone, ['10:00', '10:15']);
    await test.db.query('UPDATE events SET cancelled_at = $2 WHERE event_id = $1::uuid', [cancelled.event_id, NOW]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('counts only the places free slots still hold, on the event and on the listing', async () => {
    expect(await placesOf(manyPlaces)).toBe(5);
    expect(await placesOf(twoPerSlot)).toBe(5);
    expect(await placesOf(runningNow)).toBe(2);
    expect(await placesOf(slotsGone)).toBe(0);
    const listed = (await get<{ events: ScreeningEvent[] }>('/api/events')).body.events;
    expect(Object.fromEntries(listed.map((e) => [e.event_name, e.places_left]))).toMatchObject({
      'Many places': 5,
      'Two per slot': 5,
      'Running now': 2,
      'Slots gone': 0,
    });
  });

  it('offers the free slots of an event open to booking, a corporate one inside the cut-off included', async () => {
    expect((await get<SlotsByDate>(`/api/events/${manyPlaces.event_id}/slots`)).body['2026-06-20']?.availableTimeSlots).toEqual([
      '10:45', '11:00', '11:15', '11:30', '11:45',
    ]);
    expect((await get<SlotsByDate>(`/api/events/${corporateTomorrow.event_id}/slots`)).status).toBe(200);
  });

  it.each([
    ['an event inside the booking cut-off', closing, 422, 'booking_closed'],
    ['an event that has ended', ended, 422, 'event_passed'],
    ['an event whose every slot is taken', slotsGone, 409, 'fully_booked'],
  ] as const)('offers no slot of %s and says why', async (_label, event, status, code) => {
    expect(await get(`/api/events/${event.event_id}/slots`)).toMatchObject({ status, body: { error: code, message: BOOKING_REFUSAL_MESSAGES[code] } });
  });

  it('says a cancelled event is cancelled, on its page and its slots', async () => {
    for (const path of [`/api/events/${cancelled.event_id}`, `/api/events/${cancelled.event_id}/slots`]) {
      expect(await get(path)).toMatchObject({ status: 410, body: { error: 'event_cancelled', message: BOOKING_REFUSAL_MESSAGES.event_cancelled } });
    }
  });
});
