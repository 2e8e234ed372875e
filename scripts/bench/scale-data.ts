/**
 * The data of `npm run bench -- --scale`: a scratch PostgreSQL database
 * migrated as the server migrates it and filled by scripts/seed-scale.ts
 * (docs/decisions/0031-recall-sweep-at-scale.md), and who and what the
 * reads are measured on once the servers run: the first event anyone may
 * book now, and a seeded man booked on it with several results, given a
 * password so he can sign in.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../../server/platform/db/adapter.ts';
import { migrate } from '../../server/platform/db/migrate.ts';
import { openPostgres } from '../../server/platform/db/postgres.ts';
import { closePasswordPool, hashPassword } from '../../server/modules/auth/passwords.ts';
import { col, rowOf } from '../../server/platform/db/rows.ts';
import { seedScale } from '../seed-scale.ts';
import { seedScaleVisits } from '../seed-scale-visits.ts';
import { bookableEventId } from './events.ts';
import type { BenchDatabase } from './postgres.ts';

export interface ScaleData {
  members: number;
  events: number;
  eventsToCome: number;
  bookings: number;
  results: number;
  /** How long seedScale and seedScaleVisits took, in seconds (the VACUUM after them not counted). */
  seedSeconds: number;
}

export interface ScaleDatabase {
  url: string;
  /** The bench's own handle: the backlog is made due and watched through it. */
  db: Database;
  data: ScaleData;
  close(): Promise<void>;
}

/** The scale men's emails (scripts/seed-scale.ts): the demo member and staff are left out of the counts. */
const SCALE_EMAIL = "'scale.%@example.org'";

const COUNTS_ROW = { events: col.int(), to_come: col.int(), bookings: col.int(), results: col.int() };

/** Migrates `database` and fills it with `members` men; the server processes started on it next find it ready. */
export async function buildScaleDatabase(database: BenchDatabase, members: number, today: string): Promise<ScaleDatabase> {
  const db = await openPostgres(database.url, { max: 4 });
  try {
    await migrate(db);
    const started = performance.now();
    await db.transaction(async (tx) => {
      await seedScale(tx, { members, due: 0, today });
      // What screening days leave beside the bookings (consents, check-ins, samples, payments, looks at records), read by the pages timed.
      await seedScaleVisits(tx, today, async (_label, run) => {
        await run();
      });
    });
    const seedSeconds = (performance.now() - started) / 1000;
    // As a running site's tables would be: otherwise autovacuum takes the fresh rows on while the reads are timed.
    await db.exec('VACUUM (ANALYZE)');
    const counts = await rowOf(
      db,
      COUNTS_ROW,
      `SELECT (SELECT count(*) FROM events)::integer AS events, (SELECT count(*) FROM events WHERE event_date > $1::date)::integer AS to_come,
              (SELECT count(*) FROM appointments)::integer AS bookings,
              (SELECT count(*) FROM member_results WHERE test_result IS NOT NULL)::integer AS results`,
      [today],
    );
    const data = { members, events: counts!.events, eventsToCome: counts!.to_come, bookings: counts!.bookings, results: counts!.results, seedSeconds };
    return { url: database.url, db, data, close: () => db.close() };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export interface ScaleMember {
  email: string;
  password: string;
  publicId: string;
  /** His results with a value, and his bookings (cancelled ones too). */
  results: number;
  bookings: number;
}

export interface ScaleFixtures {
  /** The first event of the listing anyone may book now (scripts/bench/events.ts): its slots and its attendee list are read. */
  eventId: string;
  member: ScaleMember;
  /** The last whole year, whose statistics are read. */
  year: number;
}

const MEMBER_ROW = { user_id: col.text(), email: col.text(), public_id: col.text(), results: col.int(), bookings: col.int() };

/** Known to the bench only; stored as the server stores a password (argon2id, server/modules/auth/passwords.ts). */
const MEMBER_PASSWORD = 'bench-at-scale-2026';

/** Chooses the event and the man, and gives him a password; `baseUrl` is one of the running servers. */
export async function scaleFixtures(db: Database, baseUrl: string, today: string): Promise<ScaleFixtures> {
  const eventId = await bookableEventId(baseUrl);
  // Booked on that event (so the attendee list read by staff names him), with the most results of its attendees: a seeded man has two or
  // three bookings, so one booked ahead has at most two results, at either scale.
  const member = await rowOf(
    db,
    MEMBER_ROW,
    `SELECT * FROM (
       SELECT u.id::text AS user_id, u.email, p.public_id::text AS public_id,
         (SELECT count(*) FROM member_results r WHERE r.profile_id = p.profile_id AND r.test_result IS NOT NULL)::integer AS results,
         (SELECT count(*) FROM appointments b WHERE b.profile_id = p.profile_id)::integer AS bookings
       FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id JOIN auth_users u ON u.id = p.user_id
       WHERE a.event_id = $1::uuid AND a.status = 'confirmed' AND u.email LIKE ${SCALE_EMAIL}
     ) m ORDER BY m.results DESC, m.bookings DESC, m.email LIMIT 1`,
    [eventId],
  );
  if (!member) throw new Error(`no seeded man is booked on event ${eventId}: is it a scale event?`);
  try {
    await db.query('UPDATE auth_users SET encrypted_password = $2 WHERE id = $1::uuid', [member.user_id, await hashPassword(MEMBER_PASSWORD)]);
  } finally {
    await closePasswordPool();
  }
  return {
    eventId,
    member: { email: member.email, password: MEMBER_PASSWORD, publicId: member.public_id, results: member.results, bookings: member.bookings },
    year: Number(today.slice(0, 4)) - 1,
  };
}
