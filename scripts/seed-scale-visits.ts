/**
 * What five years of screening days leave beside the bookings and results
 * of scripts/seed-scale.ts, so that the staff and member pages are read at
 * the size they will have (docs/decisions/0033-staff-and-member-reads-at-scale.md):
 *
 * - a consent form for every booking (one booking's answers, as the form sends them);
 * - a check-in and a sample id for every confirmed booking of a past event;
 * - one event in three charged £25 by card: its bookings paid, each with a
 *   captured PayPal order and its transaction;
 * - two looks at each man's record per result (his check-in at the door,
 *   and the clinical team entering the result: docs/rules.md#record-access);
 * - a results file's held lines at one past event in twenty, most of them
 *   resolved;
 * - a year of emails and refunds that failed (kept a year), with a day's
 *   finished jobs not yet archived, written by seedScaleJobs once pg-boss
 *   has made its tables.
 *
 * Set-based SQL, seeded values, as the rest of the scale data.
 */
import type { Database, Queryable } from '../server/platform/db/adapter.ts';
import { jobSchemaFor, prepareJobTables } from '../server/platform/jobs/queue.ts';
import { silentLogger } from '../server/platform/logger.ts';
import { validConsent } from '../tests/fixtures/bookings.ts';

/** The MOD 37-2 check character (src/domain/sample-id.ts), for this session only. */
const CHECK_CHAR_FUNCTION = `
  CREATE FUNCTION pg_temp.sample_check(body text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE p integer := 0;
  BEGIN
    FOR i IN 1..length(body) LOOP
      p := ((p + strpos('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', substr(body, i, 1)) - 1) * 2) % 37;
    END LOOP;
    RETURN substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*', (38 - p) % 37 + 1, 1);
  END $$`;

const BODY_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

// The same complete form the API tests book with (docs/rules.md#consent).
const ANSWERS = JSON.stringify(validConsent());

/** A made-up member of staff for the rows that name one (not an account). */
const STAFF = '00000000-0000-4000-8000-00000000c4a5';

export async function seedScaleVisits(db: Queryable, today: string, step: (label: string, run: () => Promise<unknown>) => Promise<void>): Promise<void> {
  const past = `e.event_name LIKE 'Scale Screening %' AND e.event_date < $1::date`;
  await step('consent forms', async () => {
    // The consent's id is its booking's, so each booking finds its own without a join table.
    await db.query(
      `INSERT INTO consents (consent_id, profile_id, event_id, psa_test_date, answers, consent_version, source, created_at)
       SELECT a.appointment_id, a.profile_id, a.event_id, e.event_date, $1::jsonb, 'chaps-psa-consent-2025-01', 'booking', a.created_at
       FROM appointments a JOIN events e ON e.event_id = a.event_id WHERE e.event_name LIKE 'Scale Screening %'`,
      [ANSWERS],
    );
    await db.query(
      `UPDATE appointments a SET consent_id = a.appointment_id FROM events e WHERE e.event_id = a.event_id AND e.event_name LIKE 'Scale Screening %'`,
    );
  });
  await step('check-ins and samples', async () => {
    await db.query(
      `INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id)
       SELECT a.appointment_id, a.event_id, (e.event_date + a.slot_start) AT TIME ZONE 'Europe/London',
         (e.event_date + a.slot_start) AT TIME ZONE 'Europe/London', $2::uuid
       FROM appointments a JOIN events e ON e.event_id = a.event_id WHERE ${past} AND a.status = 'confirmed'`,
      [today, STAFF],
    );
    await db.query(CHECK_CHAR_FUNCTION);
    await db.query(
      `INSERT INTO samples (sample_id, appointment_id, event_id, assigned_at, assigned_during, staff_user_id)
       SELECT body || pg_temp.sample_check(body), appointment_id, event_id, checked_in_at, 'check_in', $2::uuid
       FROM (
         SELECT k.*, (SELECT string_agg(substr($1, 1 + ((n * 48271 + 11) / power(34, d)::bigint % 34)::integer, 1), '' ORDER BY d)
                      FROM generate_series(0, 6) AS d) AS body
         FROM (SELECT c.*, row_number() OVER (ORDER BY c.checked_in_at, c.appointment_id) AS n FROM check_ins c) k
       ) s`,
      [BODY_CHARS, STAFF],
    );
  });
  await step('card payments of one event in three', async () => {
    await db.query(
      `UPDATE events SET price = 2500, product_price = 2500, payment_required = true
       WHERE event_name LIKE 'Scale Screening %' AND category = 'community'`,
    );
    await db.query(
      `UPDATE appointments a SET price = 2500, payment_status = 'paid by card'
       FROM events e WHERE e.event_id = a.event_id AND e.event_name LIKE 'Scale Screening %' AND e.category = 'community'`,
    );
    await db.query(
      `INSERT INTO payment_orders (order_id, appointment_id, user_id, event_id, amount, request_id, status, capture_id, created_at, updated_at)
       SELECT 'SCALE' || md5(a.appointment_id::text), a.appointment_id, a.user_id, a.event_id, 2500, a.appointment_id::text,
         CASE WHEN a.status = 'cancelled' THEN 'refunded' ELSE 'completed' END, 'CAP' || md5(a.appointment_id::text), a.created_at, a.created_at
       FROM appointments a JOIN events e ON e.event_id = a.event_id WHERE e.event_name LIKE 'Scale Screening %' AND e.category = 'community'`,
    );
    await db.query(
      `INSERT INTO payment_transactions (payment_id, capture_id, payer_name, amount, payment_reference, status, payment_method, card_brand, card_last_digits, created_at)
       SELECT o.payment_id, o.capture_id, 'A Member', '25.00', o.order_id, 'COMPLETED', 'card', 'VISA', '4242', o.created_at
       FROM payment_orders o WHERE o.order_id LIKE 'SCALE%'`,
    );
  });
  await step('looks at men’s records', () =>
    db.query(
      `INSERT INTO record_access (profile_id, event_id, staff_user_id, staff_role, staff_first_name, reason, seen, london_day, first_at, last_at, reads)
       SELECT r.profile_id, a.event_id, $1::uuid, v.role, v.first_name, v.reason, v.seen, v.day, v.at, v.at, 1
       FROM member_results r JOIN appointments a ON a.appointment_id = r.appointment_id
       CROSS JOIN LATERAL (VALUES
         ('volunteer', 'Vera', 'check_in', ARRAY['identity', 'nhs_number'], r.sample_date, r.sample_date + time '10:00'),
         ('clinical', 'Clare', 'result_entry', ARRAY['identity', 'results'], r.sample_date + 7, r.sample_date + 7 + time '14:00')
       ) AS v(role, first_name, reason, seen, day, at)`,
      [STAFF],
    ),
  );
  await step('held lines of results files', () =>
    db.query(
      `INSERT INTO result_holds (event_id, file_line, cells, test_result, sample_date, reason, reason_text, created_at, created_by,
         resolved_at, resolved_by, resolution, discard_reason)
       SELECT e.event_id, 1 + k, jsonb_build_object('sample_id', 'ZZZZZZZ' || k, 'psa', '1.20'), 1.20, e.event_date,
         'unknown_sample', 'No tube has this sample id.', (e.event_date + 7)::timestamptz, $2::uuid,
         CASE WHEN e.event_date < $1::date - 30 THEN (e.event_date + 8)::timestamptz END,
         CASE WHEN e.event_date < $1::date - 30 THEN $2::uuid END,
         CASE WHEN e.event_date < $1::date - 30 THEN 'discarded' END,
         CASE WHEN e.event_date < $1::date - 30 THEN 'A test line from the laboratory.' END
       FROM (SELECT *, row_number() OVER (ORDER BY event_date, event_id) AS n FROM events e WHERE ${past}) e
       CROSS JOIN generate_series(1, 3) AS k
       WHERE e.n % 20 = 0`,
      [today, STAFF],
    ),
  );
}

/**
 * The job queue's rows for `members` men (at 100,000: 1,500 emails and 300
 * refunds that failed over the year, 60 of them waiting to be tried again,
 * and a day of 20,000 emails sent and not yet archived). A failed email
 * keeps its message, about 12 KB with its calendar file, as a real one
 * does until it is sent or dropped. pg-boss makes its tables first.
 */
export async function seedScaleJobs(db: Database, members: number): Promise<void> {
  const sent = Math.ceil(members / 5);
  const failed = Math.ceil((members * 18) / 1000);
  const retrying = Math.ceil(failed / 30);
  await prepareJobTables(db, silentLogger);
  const schema = jobSchemaFor(db);
  const job = `${schema}.job`;
  await db.query(
    `INSERT INTO ${job} (name, data, state, retry_count, retry_limit, start_after, started_on, created_on, completed_on, output)
     SELECT 'email', jsonb_build_object('messageId', '<scale.' || n || '@example.org>', 'kind', 'reminder'), 'completed', 0, 4,
       now() - make_interval(secs => n * 4), now() - make_interval(secs => n * 4), now() - make_interval(secs => n * 4), now() - make_interval(secs => n * 4), NULL
     FROM generate_series(1, $1::integer) AS n`,
    [sent],
  );
  await db.query(
    `INSERT INTO ${job} (name, data, state, retry_count, retry_limit, start_after, started_on, created_on, completed_on, output)
     SELECT CASE WHEN n % 6 = 0 THEN 'refund' ELSE 'email' END,
       CASE WHEN n % 6 = 0 THEN jsonb_build_object('paymentId', gen_random_uuid()::text)
            ELSE jsonb_build_object('messageId', '<scale.failed.' || n || '@example.org>', 'kind', 'confirmation',
              'message', jsonb_build_object('to', 'scale.' || n || '@example.org', 'subject', 'Your booking',
                'text', repeat('Your PSA screening is booked. ', 70), 'html', '<p>' || repeat('Your PSA screening is booked. ', 280) || '</p>',
                'attachments', jsonb_build_array(jsonb_build_object('filename', 'invite.ics', 'content', repeat('QkVHSU46VkNBTEVOREFS', 100))))) END,
       CASE WHEN n <= $2 THEN 'retry' ELSE 'failed' END::${schema}.job_state, 3, 4,
       now() - make_interval(hours => n * 4) + interval '1 hour', now() - make_interval(hours => n * 4),
       now() - make_interval(hours => n * 4), CASE WHEN n > $2 THEN now() - make_interval(hours => n * 4) END,
       jsonb_build_object('message', '550 mailbox unavailable')
     FROM generate_series(1, $1::integer) AS n`,
    [failed, retrying],
  );
  await db.query(`ANALYZE ${job}`);
}
