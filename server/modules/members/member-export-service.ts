/**
 * "Download my data" (UK GDPR articles 15 and 20;
 * docs/decisions/0021-member-record-export-and-erasure.md): everything this
 * site holds about the signed-in member, found by his user id (the token's sub)
 * and through his profile, never by anything the request says. Each section is
 * a list of rows exactly as stored, with the internal keys that only join
 * tables left out. Dates come from PostgreSQL's own JSON (YYYY-MM-DD, ISO
 * times), so no device zone moves a day.
 *
 * New tables that hold a member's data must add a section here (and to
 * its schema, src/domain/member-export.ts): the API
 * test searches every table for a member's details after erasure, and the
 * export test lists the sections it expects.
 */
import * as z from 'zod/mini';
import type { MemberExport } from '../../../src/domain/member-export';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { emailChoicesOf } from './email-choices-service';

const ABOUT =
  'Everything the CHAPS screening site holds about you, as stored, on the date above. ' +
  'Card numbers are never stored here: PayPal keeps them. Questions: see the contact details on the site.';

/** A section's rows as one jsonb array of objects (jsonb_agg), NULL when there are none. */
const SECTION_ROW = { rows: col.nullable(z.array(z.record(z.string(), z.unknown()))) };

/** The rows of `sql` as JSON objects, in the order the query gives. */
async function rows(q: Queryable, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const row = await rowOf(
    q,
    SECTION_ROW,
    `SELECT jsonb_agg(to_jsonb(t) ORDER BY t.__order) AS rows FROM (${sql}) t`,
    params,
  );
  return (row?.rows ?? []).map(({ __order: _order, ...rest }) => rest);
}

/**
 * SQL: the payments that are his ($1 his user id, $2 his profile id): those he made, and those of
 * his bookings. Each side is found on its own index; one condition over both tables of a join read
 * every payment and booking.
 */
const HIS_PAYMENTS = `
  SELECT payment_id FROM payment_orders WHERE user_id = $1::uuid
  UNION ALL
  SELECT o.payment_id FROM appointments a JOIN payment_orders o ON o.appointment_id = a.appointment_id
  WHERE a.user_id = $1::uuid OR a.profile_id = $2`;

const first = async (q: Queryable, sql: string, params: unknown[]) => (await rows(q, sql, params))[0] ?? null;

export async function exportMemberData(q: Queryable, userId: string, now: Date): Promise<MemberExport> {
  const account = await first(
    q,
    `SELECT 1 AS __order, email, email_confirmed_at, email_proven_at, last_sign_in_at, created_at, updated_at, user_metadata
     FROM auth_users WHERE id = $1::uuid`,
    [userId],
  );
  const profile = await first(
    q,
    `SELECT 1 AS __order, profile_id, first_name, last_name, gender, date_of_birth, ethnicity, occupation, phone, email,
            home_address, billing_address, nhs_number, ni_number, nhs_gp_email, nhs_gp_phone_number, is_verified, is_active,
            created_at, updated_at
     FROM member_profiles WHERE user_id = $1::uuid`,
    [userId],
  );
  const profileId = (profile?.profile_id as number | undefined) ?? null;
  // Rows found only by an address are his only when he proved the address is his (a link or code sent there,
  // email_proven_at): without required confirmation anyone can sign up as someone else's address. With a hosted
  // Supabase project there is no account row here, so none: the charity answers such a request by hand.
  const emails = account?.email_proven_at && typeof account.email === 'string' ? [account.email.toLowerCase()] : [];
  const mine = 'a.user_id = $1::uuid OR a.profile_id = $2';
  return {
    exported_at: now.toISOString(),
    about: ABOUT,
    account,
    sign_in_sessions: await rows(
      q,
      `SELECT created_at AS __order, created_at AS started_at, refreshed_at AS last_used_at, revoked_at AS ended_at
       FROM auth_sessions WHERE user_id = $1::uuid`,
      [userId],
    ),
    profile,
    // The choices in force: his own, or the defaults when he never changed them.
    email_choices: profileId === null ? null : { ...(await emailChoicesOf(q, profileId)) },
    consents: await rows(
      q,
      `SELECT c.created_at AS __order, c.consent_id, e.event_name, c.psa_test_date, c.source, c.consent_version, c.answers, c.created_at
       FROM consents c LEFT JOIN events e ON e.event_id = c.event_id WHERE c.profile_id = $1`,
      [profileId],
    ),
    bookings: await rows(
      q,
      `SELECT a.created_at AS __order, a.appointment_id, e.event_name, e.event_date, concat_ws(', ', e.address_line_1, e.address_line_2, e.city, e.postcode) AS venue, a.slot_start, a.slot_end,
              a.status, a.payment_status, round(a.price / 100.0, 2) AS price_pounds, a.created_at, a.updated_at, a.cancelled_at
       FROM appointments a JOIN events e ON e.event_id = a.event_id WHERE ${mine}`,
      [userId, profileId],
    ),
    payments: await rows(
      q,
      `SELECT o.created_at AS __order, o.appointment_id, o.order_id AS paypal_order_id, round(o.amount / 100.0, 2) AS amount_pounds,
              o.status, o.capture_id, o.refund_id, o.refund_reason, o.created_at, o.updated_at
       FROM payment_orders o WHERE o.payment_id IN (${HIS_PAYMENTS})`,
      [userId, profileId],
    ),
    card_transactions: await rows(
      q,
      `SELECT t.created_at AS __order, o.appointment_id, t.payer_name, t.amount, t.payment_reference, t.status, t.payment_method,
              t.card_brand, t.card_last_digits, t.card_expiry, t.issue, t.created_at
       FROM payment_transactions t JOIN payment_orders o ON o.payment_id = t.payment_id WHERE o.payment_id IN (${HIS_PAYMENTS})`,
      [userId, profileId],
    ),
    check_ins: await rows(
      q,
      `SELECT k.checked_in_at AS __order, k.appointment_id, k.checked_in_at
       FROM check_ins k JOIN appointments a ON a.appointment_id = k.appointment_id WHERE ${mine}`,
      [userId, profileId],
    ),
    screening_history: await rows(
      q,
      `SELECT event_date AS __order, appointment_id, event_name, product_name, event_date FROM member_appointments WHERE profile_id = $1`,
      [profileId],
    ),
    results: await rows(
      q,
      `SELECT sample_date AS __order, appointment_id, test_result, test_unit, comments, sample_date, psa_band, rule_version, recall_risk,
              recall_months_override, next_test_due, recall_invited_at, recall_follow_up_on, recall_followed_up_at,
              gp_prompt_due, gp_prompt_sent_at, follow_up_outcome, follow_up_recorded_at
       FROM member_results WHERE profile_id = $1`,
      [profileId],
    ),
    waiting_lists: await rows(
      q,
      `SELECT w.joined_at AS __order, e.event_name, e.event_date, w.status, w.joined_at, w.offer_slot, w.offered_at, w.offer_expires_at, w.ended_at
       FROM waiting_list w JOIN events e ON e.event_id = w.event_id WHERE w.profile_id = $1`,
      [profileId],
    ),
    newsletter_subscription: await rows(
      q,
      'SELECT created_at AS __order, email, name, hear_about_event, created_at, updated_at FROM newsletter_subscriptions WHERE email = ANY($1::text[])',
      [emails],
    ),
    contact_enquiries: await rows(
      q,
      `SELECT created_at AS __order, first_name, last_name, email, phone_number, message, created_at
       FROM contact_enquiries WHERE lower(email) = ANY($1::text[])`,
      [emails],
    ),
    // Who looked at his record (docs/rules.md#record-access): the staff member's first name and role, never an address.
    record_access: await rows(
      q,
      `SELECT r.first_at AS __order, r.london_day, r.staff_first_name, r.staff_role, r.reason, r.seen, e.event_name, r.first_at, r.last_at, r.reads
       FROM record_access r LEFT JOIN events e ON e.event_id = r.event_id WHERE r.profile_id = $1`,
      [profileId],
    ),
  };
}
