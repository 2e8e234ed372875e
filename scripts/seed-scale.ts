/**
 * `npm run seed:scale -- --members 100000 [--due 10000]`: a national
 * programme's data on PostgreSQL (docs/decisions/0031-recall-sweep-at-scale.md),
 * built with set-based SQL on the same migrations the server runs, for
 * measuring the sweeps and reading query plans at the size that matters:
 *
 * - `members` men aged 40 to 80, each with a sign-in account (which cannot
 *   sign in: no password) and a profile;
 * - one event per 50 men (2,000 at 100,000) over five years: 85% in the
 *   past four and a half years, 15% in the coming six months (300 at
 *   100,000), with 144 places each;
 * - two and a half bookings per man (250,000), 5% of them cancelled;
 * - a result for every confirmed booking of a past event, banded by the
 *   version 1 rule (docs/rules.md#psa-bands), with its recall interval
 *   (docs/rules.md#recall-intervals); every invitation already due has
 *   been sent, as on a site that has been running;
 * - four men in five have asked for recall emails;
 * - with `--due N`, the newest results of N of those men moved into the
 *   invitation window and not yet invited: the go-live backlog;
 * - what the screening days left beside them, for reading the staff and
 *   member pages at this size: consents, check-ins, samples, card
 *   payments, looks at records, held results lines and failed jobs
 *   (scripts/seed-scale-visits.ts).
 *
 * Values come from a seeded generator (setseed), so two runs build the
 * same data. Refuses PGlite, production, and a database that already holds
 * scale data (drop it or use a new database).
 */
import { londonDate } from '../src/domain/london-time.ts';
import { wantsEmailSql } from '../server/modules/members/email-choices-service.ts';
import type { Database, Queryable } from '../server/platform/db/adapter.ts';
import { migrate } from '../server/platform/db/migrate.ts';
import { openDatabase } from '../server/platform/db/open.ts';
import { EnvError, loadEnv } from '../server/platform/env.ts';
import { silentLogger } from '../server/platform/logger.ts';
import { seedScaleJobs, seedScaleVisits } from './seed-scale-visits.ts';

const USAGE = 'Usage: npm run seed:scale -- --members N [--due N]   (DATABASE_URL must name a PostgreSQL database)';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export interface ScaleOptions {
  members: number;
  /** Men whose newest result is due an invitation now (the go-live backlog). */
  due: number;
  /** UK date the data is built around (YYYY-MM-DD). */
  today: string;
}

function parseArgs(argv: readonly string[]): { members: number; due: number } {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  const whole = (text: string | undefined, fallback: number | undefined) => {
    if (text === undefined) return fallback;
    return /^\d{1,7}$/.test(text) ? Number(text) : undefined;
  };
  const members = whole(value('--members'), undefined);
  const due = whole(value('--due'), 0);
  if (members === undefined || members < 100 || due === undefined || due > members) fail(USAGE);
  return { members, due };
}

async function step(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  process.stdout.write(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Builds the data set; the database must be migrated and hold no scale data. */
/**
 * Men numbered `from` to `to`, aged 40 to 80 on `today`: each a sign-in
 * account (which cannot sign in: no password), a profile and his email
 * choices, recall emails on for four men in five or for all.
 */
async function insertMen(db: Queryable, from: number, to: number, today: string, recall: 'four in five' | 'all'): Promise<void> {
  await db.query(
    `INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, created_at, updated_at)
     SELECT 'scale.' || n || '@example.org', 'no-password-sign-in', now(), now(), now() FROM generate_series($1::integer, $2::integer) AS n`,
    [from, to],
  );
  await db.query(
    `INSERT INTO member_profiles (profile_id, user_id, first_name, last_name, date_of_birth, ethnicity, phone, email, home_address)
     OVERRIDING SYSTEM VALUE
     SELECT n, u.id,
       (ARRAY['Alan','Brian','Colin','David','Edward','Frank','George','Harold','Ian','John'])[1 + n % 10],
       (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Evans'])[1 + (n / 10) % 10],
       $3::date - make_interval(days => 14610 + (n * 7) % 14600),
       CASE WHEN n % 12 = 0 THEN 'Black British' WHEN n % 5 = 0 THEN 'Asian British' ELSE 'White British' END,
       '447700900' || lpad((n % 1000)::text, 3, '0'), u.email, n || ' High Street, Colchester, CO1 1AA, United Kingdom'
     FROM generate_series($1::integer, $2::integer) AS n JOIN auth_users u ON u.email = 'scale.' || n || '@example.org'`,
    [from, to, today],
  );
  await db.query(`SELECT setval(pg_get_serial_sequence('member_profiles', 'profile_id'), (SELECT max(profile_id) FROM member_profiles))`);
  // Recall emails are off unless chosen (docs/rules.md#email-choices).
  await db.query(
    `INSERT INTO member_email_choices (profile_id, recall, updated_at)
     SELECT n, $3 OR n % 5 <> 0, now() FROM generate_series($1::integer, $2::integer) AS n`,
    [from, to, recall === 'all'],
  );
}

export async function seedScale(db: Queryable, { members, due, today }: ScaleOptions): Promise<void> {
  const events = Math.max(20, Math.floor(members / 50));
  const perEvent = Math.floor((members * 5) / 2 / events);
  // A stride coprime to the number of men scatters each event's bookings over them, never one man twice.
  const stride = [7919, 7907, 7901].find((p) => members % p !== 0)!;
  await db.query('SELECT setseed(0.32)');
  await step(`${members} accounts and profiles`, () => insertMen(db, 1, members, today, 'four in five'));
  await step(`${events} events`, () =>
    db.query(
      `INSERT INTO events (event_name, event_description, category, product_id, product_name, product_price, price, event_date,
         start_time, end_time, session_duration, total_spaces, places_per_slot, exclusive_for, address_line_1, city, postcode,
         latitude, longitude, lab_name)
       SELECT 'Scale Screening ' || n, 'A PSA screening evening.', (ARRAY['community','freemasons','corporate'])[1 + n % 3],
         'psa-blood-test', 'PSA Blood Test', 0, 0,
         CASE WHEN n <= $1 * 0.85 THEN $2::date - 1642 + (n * 1642 / ($1 * 0.85))::integer
              ELSE $2::date + 1 + ((n - $1 * 0.85) * 182 / ($1 * 0.15))::integer END,
         '10:00', '16:00', 15, 144, 6, CASE WHEN n % 3 = 2 THEN 'CORPORATE' END,
         'Lodge Hall ' || n, (ARRAY['Ipswich','Colchester','Norwich','Chelmsford','Cambridge','Bury St Edmunds'])[1 + n % 6],
         'IP1 1AA', 51.5 + (n % 97) / 50.0, -2.5 + (n % 89) / 25.0, CASE WHEN n % 2 = 0 THEN 'ESNEFT' END
       FROM generate_series(1, $1::integer) AS n`,
      [events, today],
    ),
  );
  await step(`${events * perEvent} bookings`, async () => {
    await db.query(
      `INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, price, created_at, updated_at, cancelled_at)
       SELECT p.profile_id, p.user_id, e.event_id, b.slot, b.slot + interval '15 minutes',
         CASE WHEN b.k % 20 = 7 THEN 'cancelled' ELSE 'confirmed' END, 'paid', 0, b.booked_at, b.booked_at,
         CASE WHEN b.k % 20 = 7 THEN b.booked_at + interval '1 day' END
       FROM (SELECT event_id, event_date, row_number() OVER (ORDER BY event_date, event_id) AS n FROM events WHERE event_name LIKE 'Scale Screening %') e
       CROSS JOIN LATERAL (
         SELECT k, '10:00'::time + make_interval(mins => 15 * (k / 6)) AS slot,
           ((((e.n - 1) * $2 + k) * $3::bigint) % $1) + 1 AS profile_id,
           (e.event_date - 30)::timestamptz AS booked_at
         FROM generate_series(0, $2 - 1) AS k
       ) b
       JOIN member_profiles p ON p.profile_id = b.profile_id`,
      [members, perEvent, stride],
    );
    await db.query(
      `INSERT INTO member_appointments (appointment_id, profile_id, event_id, event_name, product_name, event_date)
       SELECT a.appointment_id, a.profile_id, a.event_id, e.event_name, e.product_name, e.event_date
       FROM appointments a JOIN events e ON e.event_id = a.event_id WHERE e.event_name LIKE 'Scale Screening %'`,
    );
  });
  await step('results of past events', () =>
    db.query(
      `INSERT INTO member_results (profile_id, appointment_id, test_result, test_unit, sample_date, psa_band, rule_version, recall_risk, next_test_due,
         recall_invited_at, gp_prompt_due, gp_prompt_sent_at)
       SELECT r.profile_id, r.appointment_id, r.value, 'ng/ml', r.sample_date, r.band, 1, r.risk,
         CASE r.band WHEN 'green' THEN r.sample_date + make_interval(months => CASE r.risk WHEN 'high' THEN 12 WHEN 'intermediate' THEN 24 ELSE 36 END)
                     WHEN 'amber' THEN r.sample_date + interval '3 months' END,
         NULL, CASE WHEN r.band = 'red' THEN r.sample_date + 42 END,
         CASE WHEN r.band = 'red' AND r.sample_date + 42 < $1::date THEN (r.sample_date + 42)::timestamptz END
       FROM (
         SELECT v.*, CASE WHEN v.value >= 2 * v.amber_from THEN 'red' WHEN v.value >= v.amber_from THEN 'amber' ELSE 'green' END AS band
         FROM (
           SELECT a.profile_id, a.appointment_id, e.event_date AS sample_date,
             round((0.3 + 7 * power(random(), 4))::numeric, 2) AS value,
             CASE WHEN age >= 70 THEN 5 WHEN age >= 60 THEN 3 WHEN age >= 50 THEN 2 ELSE 1 END AS amber_from,
             CASE WHEN p.ethnicity = 'Black British' THEN 'high' WHEN age >= 50 THEN 'intermediate' ELSE 'low' END AS risk
           FROM appointments a JOIN events e ON e.event_id = a.event_id JOIN member_profiles p ON p.profile_id = a.profile_id
           CROSS JOIN LATERAL (SELECT extract(year FROM age(e.event_date, p.date_of_birth))::integer AS age) g
           WHERE e.event_name LIKE 'Scale Screening %' AND a.status = 'confirmed' AND e.event_date < $1::date
         ) v
       ) r`,
      [today],
    ),
  );
  await step('invitations already sent', () =>
    // A running site has sent every invitation whose window has opened (four weeks before the due date).
    db.query(
      `UPDATE member_results SET recall_invited_at = (next_test_due - 28)::timestamptz
       WHERE next_test_due IS NOT NULL AND next_test_due - 28 <= $1::date AND recall_invited_at IS NULL`,
      [today],
    ),
  );
  if (due > 0) await step(`${due} men due an invitation now`, () => makeDue(db, due, today));
  await step('statistics for the planner', () => db.query('ANALYZE'));
}

/**
 * Moves the newest results of `count` men who asked for recall emails (and
 * were not made due by an earlier call) to be due four weeks after `today`,
 * not yet invited: a backlog the invitation sweep must send.
 */
export async function makeDue(db: Queryable, count: number, today: string): Promise<void> {
  await db.query(
    `WITH newest AS (
       SELECT DISTINCT ON (profile_id) result_id, next_test_due FROM member_results
       WHERE test_result IS NOT NULL AND profile_id % 5 <> 0 ORDER BY profile_id, sample_date DESC, result_id DESC
     ), chosen AS (SELECT result_id FROM newest WHERE next_test_due IS DISTINCT FROM $2::date + 28 ORDER BY result_id LIMIT $1)
     UPDATE member_results r SET next_test_due = $2::date + 28, recall_invited_at = NULL, recall_follow_up_on = NULL,
       recall_followed_up_at = NULL, gp_prompt_due = NULL, gp_prompt_sent_at = NULL
     FROM chosen WHERE r.result_id = chosen.result_id`,
    [count, today],
  );
}

/**
 * Adds `count` men screened before the site's time, as a national programme's go-live brings them from
 * its earlier records: each with a sign-in account, a profile, recall emails asked for and one green
 * result with no booking here, due four weeks after `today` and not yet invited. With makeDue they make
 * a backlog larger than the men already in the data who could be invited (those with recall on and no
 * booking ahead). Their numbers carry on from the highest there.
 */
export async function addScreenedBefore(db: Queryable, count: number, today: string): Promise<void> {
  const [top] = await db.query<{ n: number }>('SELECT coalesce(max(profile_id), 0)::integer AS n FROM member_profiles');
  const from = top!.n + 1;
  const to = top!.n + count;
  await insertMen(db, from, to, today, 'all');
  // A green result (0.8 ng/ml is below every age's amber line) whose recall interval, by his age and risk then, ends four weeks from today.
  await db.query(
    `INSERT INTO member_results (profile_id, test_result, test_unit, sample_date, psa_band, rule_version, recall_risk, next_test_due)
     SELECT p.profile_id, 0.8, 'ng/ml', $3::date + 28 - make_interval(months => r.months), 'green', 1, r.risk, $3::date + 28
     FROM member_profiles p
     CROSS JOIN LATERAL (SELECT CASE WHEN p.ethnicity = 'Black British' THEN 'high'
       WHEN extract(year FROM age($3::date, p.date_of_birth)) >= 52 THEN 'intermediate' ELSE 'low' END AS risk) k
     CROSS JOIN LATERAL (SELECT k.risk, CASE k.risk WHEN 'high' THEN 12 WHEN 'intermediate' THEN 24 ELSE 36 END AS months) r
     WHERE p.profile_id BETWEEN $1::integer AND $2::integer`,
    [from, to, today],
  );
}

/**
 * Of the results due four weeks after `day` (makeDue's and addScreenedBefore's), how many
 * the invitation sweep should invite on `today`, by its own conditions
 * (server/modules/results/recall-emails-service.ts): not yet invited, with a value, recall
 * emails on, and no booking ahead.
 */
export async function toInvite(q: Queryable, day: string, today: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM member_results r
     WHERE r.next_test_due = $1::date + 28 AND r.recall_invited_at IS NULL AND r.test_result IS NOT NULL AND ${wantsEmailSql('recall', 'r.profile_id')}
       AND NOT EXISTS (SELECT 1 FROM appointments b JOIN events e ON e.event_id = b.event_id
                       WHERE b.profile_id = r.profile_id AND b.status = 'confirmed' AND e.cancelled_at IS NULL AND e.event_date >= $2::date)`,
    [day, today],
  );
  return row!.n;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  if (env.nodeEnv === 'production') fail('Not in production: this fills the database with made-up men.');
  if (!process.env.DATABASE_URL) fail(`${USAGE}\nThe scale data is for PostgreSQL: PGlite is one process and is not what this measures.`);
  const db: Database = await openDatabase(env, silentLogger);
  try {
    await migrate(db);
    const [found] = await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM auth_users WHERE email LIKE 'scale.%@example.org'");
    if (found!.n > 0) fail('This database already holds scale data: drop it, or point DATABASE_URL at a new database.');
    const today = londonDate(new Date());
    await db.transaction(async (tx) => {
      await seedScale(tx, { ...options, today });
      await seedScaleVisits(tx, today, step);
    });
    await step('failed and finished jobs', () => seedScaleJobs(db, options.members));
    // As on a running site, whose tables autovacuum keeps: the visibility map lets index-only scans skip the table.
    await step('vacuum and statistics for the planner', () => db.query('VACUUM ANALYZE'));
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('seed-scale.ts')) {
  main().catch((error: unknown) => {
    if (error instanceof EnvError) fail(error.message);
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
}
