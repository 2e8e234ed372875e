/**
 * The ready public answers (server/platform/http/ready-answers.ts): the listing and
 * the slots are built once and reused, and a booking, a cancellation, an
 * expiring hold or an event's end changes the very next answer. Repeat
 * readers get a 304 for an unchanged answer.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../src/domain/event';
import type { SlotsByDate } from '../../src/domain/slots';
import type { Row } from '../../server/platform/db/adapter';
import { trackChanges } from '../../server/platform/db/data-changes';
import { getJson, testApp } from '../fixtures/app';
import { fastMembers, sendJson, takePlaces, validConsent } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';

const GZIP = { 'Accept-Encoding': 'gzip' };
const listing = '/api/events';

describe.each(ENGINES)('ready answers on %s', (engine) => {
  let test: TestDatabase;
  let clock: Date;
  const free = makeEvent({ event_name: 'Free', event_date: '2026-06-20', total_spaces: 3 });
  const today = makeEvent({ event_name: 'Today', event_date: '2026-06-10', start_time: '10:00', end_time: '12:00' });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [free, today]);
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM appointments');
    clock = new Date('2026-06-10T09:00:00Z');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const counting = () => {
    const seen = { queries: 0 };
    const db = {
      ...test.db,
      query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
        seen.queries += 1;
        return test.db.query<T>(sql, params);
      },
    };
    return { db, seen };
  };
  /** GET as a browser asks (gzip), the body unzipped as a browser would. */
  const gzipJson = async <T>(app: ReturnType<typeof testApp>, path: string): Promise<T> => {
    const res = await app.request(path, { headers: GZIP });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return JSON.parse((res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')) as T;
  };
  const bookedOf = async (app: ReturnType<typeof testApp>, id: string) =>
    (await gzipJson<{ events: ScreeningEvent[] }>(app, listing)).events.find((e) => e.event_id === id)?.booked_spaces;

  it('answers repeated readers from one build, with an ETag and a 304', async () => {
    const { db, seen } = counting();
    const app = testApp({ db, now: () => clock });
    const first = await app.request(listing, { headers: GZIP });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const afterFirst = seen.queries;
    const again = await Promise.all(Array.from({ length: 20 }, () => app.request(listing, { headers: GZIP })));
    expect(again.every((r) => r.status === 200 && r.headers.get('etag') === etag)).toBe(true);
    expect(seen.queries).toBe(afterFirst);
    const repeat = await app.request(listing, { headers: { ...GZIP, 'If-None-Match': etag! } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe('');
  });

  it('serves a reader that asks for no gzip from the same build: the plain bytes, their own ETag and a 304', async () => {
    for (const [firstAsk, thenAsk] of [[GZIP, {}], [{}, GZIP]] as const) {
      const { db, seen } = counting();
      const app = testApp({ db, now: () => clock });
      const first = await app.request(listing, { headers: firstAsk });
      expect(first.status).toBe(200);
      const firstBody = Buffer.from(await first.arrayBuffer());
      const built = seen.queries;
      const then = await Promise.all(Array.from({ length: 20 }, () => app.request(listing, { headers: thenAsk })));
      const again = await Promise.all(Array.from({ length: 5 }, () => app.request(listing, { headers: firstAsk })));
      // Neither encoding asks the database again.
      expect(seen.queries).toBe(built);
      const [gzipped, plain] = firstAsk === GZIP ? [first, then[0]!] : [then[0]!, first];
      const gzipBody = firstAsk === GZIP ? firstBody : Buffer.from(await gzipped.arrayBuffer());
      const plainBody = firstAsk === GZIP ? Buffer.from(await plain.arrayBuffer()) : firstBody;
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(gunzipSync(gzipBody).equals(plainBody)).toBe(true);
      expect(plain.headers.get('content-length')).toBe(String(plainBody.length));
      for (const res of [gzipped, plain]) expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(plain.headers.get('etag')).not.toBe(gzipped.headers.get('etag'));
      expect(new Set([...then, ...again].map((r) => r.headers.get('etag'))).size).toBe(2);
      const repeat = await app.request(listing, { headers: { 'If-None-Match': plain.headers.get('etag')! } });
      expect(repeat.status).toBe(304);
    }
  });

  it('shows a booking and its cancellation in the very next listing and slots', async () => {
    const app = testApp({ db: test.db, now: () => clock });
    const [member] = await fastMembers(test.db, 1, clock);
    expect(await bookedOf(app, free.event_id)).toBe(0);
    const slotsBefore = await gzipJson<SlotsByDate>(app, `/api/events/${free.event_id}/slots`);
    expect(slotsBefore['2026-06-20']?.availableTimeSlots).toContain('10:15');

    const consent = await getJson<{ consent_id: string }>(app, '/api/medical/consent', sendJson(member!.token, { ...validConsent(), eventId: free.event_id }));
    const booked = await getJson<{ appointment: { appointment_id: string } }>(app, '/api/appointments', sendJson(member!.token, {
      eventId: free.event_id, appointmentStartTime: '10:15', consentId: consent.body.consent_id,
    }));
    expect(booked.status).toBe(201);
    expect(await bookedOf(app, free.event_id)).toBe(1);
    const slotsAfter = await gzipJson<SlotsByDate>(app, `/api/events/${free.event_id}/slots`);
    expect(slotsAfter['2026-06-20']?.availableTimeSlots).not.toContain('10:15');

    const cancelled = await getJson(app, `/api/appointments/${booked.body.appointment.appointment_id}/cancel`, sendJson(member!.token, {}));
    expect(cancelled.status).toBe(200);
    expect(await bookedOf(app, free.event_id)).toBe(0);
    // The plain bytes kept beside the gzip ones went with them.
    const plain = (await (await app.request(listing)).json()) as { events: ScreeningEvent[] };
    expect(plain.events.find((e) => e.event_id === free.event_id)?.booked_spaces).toBe(0);
  });

  it('stops counting a hold the moment it expires, within the minute', async () => {
    await takePlaces(test.db, free, ['10:00'], { status: 'held', holdExpiresAt: new Date('2026-06-10T09:00:20Z') });
    const app = testApp({ db: test.db, now: () => clock });
    expect(await bookedOf(app, free.event_id)).toBe(1);
    clock = new Date('2026-06-10T09:00:21Z');
    expect(await bookedOf(app, free.event_id)).toBe(0);
  });

  it("drops today's event the minute it ends on London's clock", async () => {
    clock = new Date('2026-06-10T10:59:50Z'); // 11:59:50 BST on 10 June; it ends at 12:00
    const app = testApp({ db: test.db, now: () => clock });
    expect(await bookedOf(app, today.event_id)).toBe(0);
    clock = new Date('2026-06-10T11:00:01Z');
    expect(await bookedOf(app, today.event_id)).toBeUndefined();
  });

  it('counts a write inside a transaction once it commits, and a rolled-back one too', async () => {
    const db = trackChanges(test.db);
    const before = db.changes.version;
    await db.transaction(async (tx) => {
      await takePlaces(tx, free, ['10:30']);
      expect(db.changes.version).toBe(before);
    });
    expect(db.changes.version).toBe(before + 1);
    await db.query('SELECT count(*) FROM appointments');
    expect(db.changes.version).toBe(before + 1);
    await expect(db.transaction(async (tx) => {
      await tx.query("UPDATE events SET event_name = 'Renamed' WHERE event_id = $1::uuid", [free.event_id]);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(db.changes.version).toBe(before + 2);
  });
});
