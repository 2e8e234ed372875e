/**
 * GET /api/events/{id} and /api/events/{id}/slots: found, unknown and
 * malformed ids, slot steps, past slots removed, a full event's slots gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_REFUSAL_MESSAGES } from '../../../../src/domain/booking';
import type { ScreeningEvent } from '../../../../src/domain/event';
import type { SlotsByDate } from '../../../../src/domain/slots';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { takePlaces } from '../../../../tests/fixtures/bookings';
import { asApiEvent, makeEvent } from '../../../../tests/fixtures/events';

// Wednesday 10 June 2026, 10:00 in London (BST).
const NOW = new Date('2026-06-10T09:00:00Z');
const UNKNOWN_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';

const future = makeEvent({
  event_name: 'Future session',
  event_date: '2026-06-20',
  start_time: '10:00',
  end_time: '11:00',
  session_duration: 15,
});
// Corporate: the only kind still open to booking while it runs (the others close 24 hours ahead).
const runningNow = makeEvent({
  exclusive_for: 'CORPORATE',
  event_name: 'Running now',
  event_date: '2026-06-10',
  start_time: '09:00',
  end_time: '11:00',
  session_duration: 20,
});
const uneven = makeEvent({
  event_name: 'Uneven end',
  event_date: '2026-06-21',
  start_time: '09:00',
  end_time: '09:50',
  session_duration: 12,
});
const full = makeEvent({ event_name: 'Full', event_date: '2026-06-22', total_spaces: 3 });
const ended = makeEvent({ event_name: 'Ended', event_date: '2026-06-01' });

describe.each(ENGINES)('one event on %s', (engine) => {
  let test: TestDatabase;
  const get = <T>(path: string, now = NOW) => getJson<T>(testApp({ db: test.db, now }), path);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [future, runningNow, uneven, full, ended]);
    // Three of its slots taken fill the event's three places, though its other slots are free.
    await takePlaces(test.db, full, ['10:00', '10:15', '10:30']);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers the event by id, exactly as the listing shapes it, without the hash', async () => {
    const { status, body } = await get<{ event: ScreeningEvent }>(`/api/events/${future.event_id}`);
    expect(status).toBe(200);
    // 10:00 to 11:00 in 15-minute slots of one place: four places can be booked.
    expect(body.event).toEqual({ ...asApiEvent(future), places_left: 4 });
    expect((await get<{ event: ScreeningEvent }>(`/api/events/${full.event_id}`)).body.event.booked_spaces).toBe(3);
    expect(body.event).not.toHaveProperty('access_code_hash');
  });

  it('answers an event that has ended (a link to it still works)', async () => {
    const { status, body } = await get<{ event: ScreeningEvent }>(`/api/events/${ended.event_id}`);
    expect(status).toBe(200);
    expect(body.event.event_name).toBe('Ended');
  });

  it.each([
    ['an unknown uuid', UNKNOWN_ID],
    ['an upper-case unknown uuid', UNKNOWN_ID.toUpperCase()],
    ['a word', 'not-an-id'],
    ['a number', '12345'],
    ['a nearly-uuid', `${UNKNOWN_ID}0`],
    ['SQL', encodeURIComponent("' OR 1=1 --")],
    ['a long string', 'a'.repeat(5000)],
  ])('answers 404 for %s', async (_label, id) => {
    for (const path of [`/api/events/${id}`, `/api/events/${id}/slots`]) {
      const { status, body } = await get(path);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'not_found', message: 'Event not found' });
    }
  });

  it('finds the event by its id in upper case too', async () => {
    expect((await get(`/api/events/${future.event_id.toUpperCase()}`)).status).toBe(200);
  });

  it('offers every slot from the start in steps of the session while before the end', async () => {
    const { status, body } = await get<SlotsByDate>(`/api/events/${future.event_id}/slots`);
    expect(status).toBe(200);
    expect(body).toEqual({ '2026-06-20': { availableTimeSlots: ['10:00', '10:15', '10:30', '10:45'] } });
  });

  it('keeps a last slot that starts before the end even when it runs past it', async () => {
    const { body } = await get<SlotsByDate>(`/api/events/${uneven.event_id}/slots`);
    expect(body).toEqual({ '2026-06-21': { availableTimeSlots: ['09:00', '09:12', '09:24', '09:36', '09:48'] } });
  });

  it('drops slots that have already begun (UK time)', async () => {
    const { body } = await get<SlotsByDate>(`/api/events/${runningNow.event_id}/slots`);
    // 10:00 BST now: the 09:00, 09:20, 09:40 and 10:00 slots have begun.
    expect(body).toEqual({ '2026-06-10': { availableTimeSlots: ['10:20', '10:40'] } });
  });

  it('offers no slot for a fully booked or ended event, and says why', async () => {
    expect(await get(`/api/events/${full.event_id}/slots`)).toMatchObject({
      status: 409,
      body: { error: 'fully_booked', message: BOOKING_REFUSAL_MESSAGES.fully_booked },
    });
    expect(await get(`/api/events/${ended.event_id}/slots`)).toMatchObject({
      status: 422,
      body: { error: 'event_passed', message: BOOKING_REFUSAL_MESSAGES.event_passed },
    });
  });

  it('computes past slots in London time across the October clock change', async () => {
    const sunday = makeEvent({ exclusive_for: 'CORPORATE', event_date: '2026-10-25', start_time: '09:00', end_time: '10:00', session_duration: 30 });
    await test.db.query('DELETE FROM appointments');
    await replaceEvents(test.db, [sunday]);
    // 09:10 GMT on the morning the clocks went back.
    const { body } = await get<SlotsByDate>(`/api/events/${sunday.event_id}/slots`, new Date('2026-10-25T09:10:00Z'));
    expect(body).toEqual({ '2026-10-25': { availableTimeSlots: ['09:30'] } });
  });
});
