/**
 * 500 members book one 20-place event at the same moment (100 of them the
 * same slot): exactly 20 appointments, no slot twice, every other answer a
 * 409 with a readable refusal, no 5xx, on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp, runJobs } from '../../../../tests/fixtures/app';
import { sendJson } from '../../../../tests/fixtures/bookings';
import { CONTENTION, prepareContention, type ContentionAttempt } from '../../../../tests/fixtures/contention';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';

const NOW = new Date('2026-06-10T09:00:00Z');

describe.each(ENGINES)('booking contention on %s', (engine) => {
  let test: TestDatabase;
  let eventId: string;
  let attempts: ContentionAttempt[];

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    ({ eventId, attempts } = await prepareContention(test.db, NOW, '2026-06-20'));
  }, 120_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it(`books exactly ${CONTENTION.PLACES} of ${CONTENTION.MEMBERS} simultaneous attempts, one per slot, with no server error`, async () => {
    const app = testApp({ db: test.db, now: NOW });
    const answers = await Promise.all(
      attempts.map(({ member, body }) => getJson<{ error?: string; appointment?: { start_time: string } }>(app, '/api/appointments', sendJson(member.token, body))),
    );
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: CONTENTION.PLACES, 409: CONTENTION.MEMBERS - CONTENTION.PLACES });
    for (const refused of answers.filter((a) => a.status === 409)) expect(['slot_taken', 'fully_booked']).toContain(refused.body.error);
    const booked = answers.filter((a) => a.status === 201).map((a) => a.body.appointment!.start_time);
    expect(new Set(booked).size).toBe(CONTENTION.PLACES);

    const rows = await test.db.query<{ slot: string; n: number }>(
      `SELECT to_char(slot_start, 'HH24:MI') AS slot, count(*)::integer AS n FROM appointments
       WHERE event_id = $1 AND status = 'confirmed' GROUP BY slot_start`,
      [eventId],
    );
    expect(rows).toHaveLength(CONTENTION.PLACES);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    await runJobs(test.db);
    const outbox = await test.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM outbox WHERE subject LIKE 'Booking confirmed%'");
    expect(outbox[0]!.n).toBe(CONTENTION.PLACES);
  }, 120_000);
});
