/**
 * A lab file of 2,000 lines (the most one file may hold) is matched by
 * sample id in one transaction: a database fault part-way writes nothing
 * (no result, hold, audit row or email), and the whole file then goes in
 * at once (docs/clinical-safety/hazard-log.md#hazard-1). Its own database,
 * as it books 2,000 men by SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSampleId } from '../../../../src/domain/sample-id';
import type { Queryable } from '../../../../server/platform/db/adapter';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import type { FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const BIG = makeEvent({ event_name: 'Big Screening', event_date: '2026-06-19', total_spaces: 2500 });
/** When the men were checked in at the door (the time itself is not what this test looks at). */
const ARRIVED_AT = new Date('2026-06-19T10:05:00Z');

/** `count` confirmed bookings at `eventId`, each with a profile and a sample, written by SQL (the booking API is proven elsewhere). */
async function manyBookingsWithSamples(db: Queryable, eventId: string, count: number, staffUserId: string): Promise<string[]> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const profiles = await db.query<{ profile_id: number; user_id: string }>(
    `WITH u AS (
       INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, created_at, updated_at)
       SELECT 'bulk.' || $1 || '.' || n || '@example.org', 'no-password-sign-in', $2, $2, $2 FROM generate_series(1, $3::integer) AS n
       RETURNING id, email)
     INSERT INTO member_profiles (user_id, first_name, last_name, date_of_birth, phone, email, home_address, nhs_number)
     SELECT u.id, 'Bulk', 'Member', '1965-01-01', '447700900456', u.email, '1 High Street, Colchester, CO1 1AA, United Kingdom', '9434765919' FROM u
     RETURNING profile_id, user_id::text AS user_id`,
    [tag, BOOKED_AT, count],
  );
  const appointments = await db.query<{ appointment_id: string }>(
    `INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, created_at, updated_at)
     SELECT p, u::uuid, $3::uuid, '10:00', '10:15', 'confirmed', 'paid', $4, $4 FROM unnest($1::integer[], $2::text[]) AS x(p, u)
     RETURNING appointment_id::text AS appointment_id`,
    [profiles.map((p) => p.profile_id), profiles.map((p) => p.user_id), eventId, BOOKED_AT],
  );
  const ids = appointments.map(() => newSampleId());
  await db.query(
    `INSERT INTO samples (sample_id, appointment_id, event_id, assigned_at, assigned_during, staff_user_id)
     SELECT s, a::uuid, $3::uuid, $4, 'labels', $5::uuid FROM unnest($1::text[], $2::text[]) AS x(s, a)`,
    [ids, appointments.map((a) => a.appointment_id), eventId, BOOKED_AT, staffUserId],
  );
  await db.query(
    `INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id)
     SELECT a::uuid, $2::uuid, $3, $3, $4::uuid FROM unnest($1::text[]) AS x(a)`,
    [appointments.map((a) => a.appointment_id), eventId, ARRIVED_AT, staffUserId],
  );
  return ids;
}

describe.each(ENGINES)('a file of 2,000 results on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: AFTER, env: { SITE_URL: 'https://www.example.org' } });
  const upload = (csv: string, query = '', eventId = BIG.event_id) =>
    getJson<{ saved?: number; held?: number }>(app(), `/api/staff/events/${eventId}/results.csv${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const count = async (sql: string, params: unknown[] = []) => (await test.db.query<{ n: number }>(sql, params))[0]!.n;
  const resultRows = () => count('SELECT count(*)::integer AS n FROM member_results WHERE test_result IS NOT NULL');

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [BIG]);
    staff = await makeStaff(test.db, AFTER);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('matches a file of 2,000 lines in one transaction, and writes nothing when the database fails part-way', async () => {
    const ids = await manyBookingsWithSamples(test.db, BIG.event_id, 2000, staff.userId);
    const csv = ['sample_id,psa_ng_ml', ...ids.map((id, i) => `${id},${((i % 500) / 100 + 0.25).toFixed(2)}`)].join('\n');
    const counts = async () => ({
      results: await resultRows(),
      holds: await count('SELECT count(*)::integer AS n FROM result_holds'),
      audit: await count('SELECT count(*)::integer AS n FROM staff_audit'),
      jobs: (await sentMail(test.db)).length,
    });
    // A fault injected in the database at the 1,500th result: the whole file rolls back.
    await test.db.query(`CREATE FUNCTION fail_at_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.appointment_id = (SELECT appointment_id FROM samples WHERE sample_id = '${ids[1499]}') THEN
          RAISE EXCEPTION 'injected fault';
        END IF;
        RETURN NEW;
      END $$`);
    await test.db.query('CREATE TRIGGER fail_at_line BEFORE INSERT ON member_results FOR EACH ROW EXECUTE FUNCTION fail_at_line()');
    const before = await counts();
    const failed = await upload(csv, '', BIG.event_id);
    expect(failed.status, JSON.stringify(failed.body).slice(0, 300)).toBe(500);
    expect(await counts()).toEqual(before);
    await test.db.query('DROP TRIGGER fail_at_line ON member_results');
    await test.db.query('DROP FUNCTION fail_at_line()');

    const started = Date.now();
    const res = await upload(csv, '', BIG.event_id);
    expect(res.body).toEqual({ saved: 2000, held: 0 });
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(await count('SELECT count(*)::integer AS n FROM member_results r JOIN appointments a USING (appointment_id) WHERE a.event_id = $1::uuid', [BIG.event_id])).toBe(2000);
    expect(await count("SELECT count(*)::integer AS n FROM staff_audit WHERE action = 'result.match' AND entity_id IN (SELECT appointment_id::text FROM samples WHERE event_id = $1::uuid)", [BIG.event_id])).toBe(2000);
  }, 240_000);
});
