/**
 * An event's attendees for the staff console, and check-in. Check-ins are
 * idempotent by appointment (one row per appointment in check_ins, the
 * earliest tap kept), so a queue replayed after a dropped connection, or the
 * same name tapped on two phones, records once. A batch is applied in the
 * order sent; each check-in gets its own outcome, and a booking cancelled
 * meanwhile is reported, never silently checked in.
 *
 * A check-in confirmed after positive identification carries the sample id
 * the phone proposed and had written on his tube (docs/rules.md#check-in):
 * it is assigned through assignSample under the booking's row lock, so a
 * replay, or two phones checking the same man in, end with one sample id,
 * which every answer names; a phone whose proposal lost is told to relabel.
 * What one check-in writes (the event's day, the earliest tap, the audit of
 * a proposal not kept) is check-in-write.ts.
 */
import { ageOn } from '../../../src/domain/age';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../../../src/domain/booking';
import { FOLLOW_UP_OUTCOMES } from '../../../src/domain/follow-up';
import type { ClinicalRule } from '../../../src/domain/clinical-rule';
import { PSA_BANDS } from '../../../src/domain/psa-band';
import { nextTestDue, RECALL_RISKS } from '../../../src/domain/recall';
import type { Attendee, AttendeeRecall, CheckInResult } from '../../../src/domain/attendee-list';
import type { CheckIn } from '../../../src/domain/staff-attendees';
import { PAYMENT_PROBLEMS } from '../../../src/domain/staff-payments';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { slotStartOf, ticketCodeFor } from '../booking';
import { activeAppointment } from '../events';
import { rulesByVersion } from '../results';
import { isEventId } from '../events';
import { checkInOne, UUID } from './check-in-write';
import type { StaffActor } from './staff-audit';

export { UUID } from './check-in-write';

export interface StaffAttendeesService {
  /** null when the event does not exist. */
  list(eventId: string): Promise<Attendee[] | null>;
  /** null when the event does not exist. */
  checkIn(actor: StaffActor, eventId: string, checkIns: readonly CheckIn[]): Promise<CheckInResult[] | null>;
}

/**
 * An attendee: his booking (joined to his profile, so profile_id is there), and through LEFT JOINs
 * his check-in, his result and its recall, and the booking's newest payment problem, each possibly
 * missing. Statuses, problems, outcomes and risks are the values their columns' CHECKs allow.
 */
const ATTENDEE_ROW = {
  appointment_id: col.text(),
  profile_id: col.int(),
  first_name: col.text(),
  last_name: col.text(),
  start_time: col.text(),
  end_time: col.text(),
  status: col.oneOf(APPOINTMENT_STATUSES),
  payment_status: col.oneOf(PAYMENT_STATUSES),
  price: col.int(),
  has_nhs_number: col.bool(),
  nhs_number: col.nullable(col.text()),
  consent_given: col.bool(),
  date_of_birth: col.nullable(col.text()),
  sample_id: col.nullable(col.text()),
  checked_in_at: col.nullable(col.instant()),
  test_result: col.nullable(col.decimal()),
  comments: col.nullable(col.text()),
  sample_date: col.nullable(col.text()),
  follow_up_outcome: col.nullable(col.oneOf(FOLLOW_UP_OUTCOMES)),
  has_result: col.bool(),
  payment_problem: col.nullable(col.oneOf(PAYMENT_PROBLEMS)),
  next_test_due: col.nullable(col.text()),
  recall_risk: col.nullable(col.oneOf(RECALL_RISKS)),
  recall_months_override: col.nullable(col.int()),
  psa_band: col.nullable(col.oneOf(PSA_BANDS)),
  rule_version: col.nullable(col.int()),
};
type AttendeeRow = RowOf<typeof ATTENDEE_ROW>;

/**
 * The result's recall as stored, and the date its rule version gives without staff's interval
 * (the same rule storeRecall applied), from the band it was given.
 */
function recallOf(row: AttendeeRow, rules: ReadonlyMap<number, ClinicalRule>): AttendeeRecall {
  const sample = row.sample_date;
  const risk = row.recall_risk;
  const rule = row.rule_version === null ? undefined : rules.get(row.rule_version);
  return {
    next_test_due: row.next_test_due,
    rule_next_test_due: sample && risk && rule ? nextTestDue(sample, row.psa_band, risk, rule) : null,
    months_override: row.recall_months_override,
  };
}

/** The result with the band it was given when saved and the rule version that gave it (docs/rules.md#clinical-rules). */
function resultOf(row: AttendeeRow): NonNullable<Attendee['result']> {
  return {
    test_result: Number(row.test_result),
    comments: row.comments,
    sample_date: row.sample_date,
    band: row.psa_band,
    rule_version: row.rule_version,
    follow_up: row.follow_up_outcome,
  };
}

const EVENT_DATE_ROW = { event_date: col.text() };

export function createStaffAttendeesService(db: Database, now: () => Date): StaffAttendeesService {
  return {
    async list(eventId) {
      if (!isEventId(eventId)) return null;
      const event = await rowOf(
        db,
        EVENT_DATE_ROW,
        "SELECT to_char(event_date, 'YYYY-MM-DD') AS event_date FROM events WHERE event_id = $1::uuid",
        [eventId],
      );
      if (!event) return null;
      // Cancelled bookings stay on the list, marked, so a check-in the server refused can be
      // matched to a name at the door; a card hold that ran out was never a booking.
      const rows = await rowsOf(
        db,
        ATTENDEE_ROW,
        `SELECT a.appointment_id::text AS appointment_id, a.profile_id, p.first_name, p.last_name,
                to_char(a.slot_start, 'HH24:MI') AS start_time, to_char(a.slot_end, 'HH24:MI') AS end_time,
                a.status, a.payment_status, a.price, p.nhs_number IS NOT NULL AS has_nhs_number, p.nhs_number,
                a.consent_id IS NOT NULL AS consent_given, s.sample_id,
                to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
                c.checked_in_at, r.test_result, r.comments, to_char(r.sample_date, 'YYYY-MM-DD') AS sample_date, r.follow_up_outcome,
                r.result_id IS NOT NULL AS has_result, pay.problem AS payment_problem,
                to_char(r.next_test_due, 'YYYY-MM-DD') AS next_test_due, r.recall_risk, r.recall_months_override,
                r.psa_band, r.rule_version
         FROM appointments a
         JOIN member_profiles p ON p.profile_id = a.profile_id
         LEFT JOIN check_ins c ON c.appointment_id = a.appointment_id
         LEFT JOIN samples s ON s.appointment_id = a.appointment_id
         LEFT JOIN member_results r ON r.appointment_id = a.appointment_id
         LEFT JOIN LATERAL (SELECT o.problem FROM payment_orders o WHERE o.appointment_id = a.appointment_id AND o.problem IS NOT NULL
                            ORDER BY o.problem_at DESC LIMIT 1) pay ON true
         WHERE a.event_id = $1::uuid AND (a.status <> 'held' OR ${activeAppointment('a', '$2')})
         ORDER BY a.slot_start, p.last_name, p.first_name, a.appointment_id`,
        [eventId, now()],
      );
      // The slot as an instant, as his ticket names it (the booking module's one rule for it).
      const slotStarts = rows.map((row) => slotStartOf({ event_date: event.event_date, start_time: row.start_time }).toISOString());
      const rules = rows.some((row) => row.rule_version !== null) ? await rulesByVersion(db) : new Map<number, ClinicalRule>();
      const codes = await Promise.all(rows.map((row, i) => ticketCodeFor({ appointmentId: row.appointment_id, eventId, slotStart: slotStarts[i]! })));
      return rows.map((row, i) => ({
        appointment_id: row.appointment_id,
        profile_id: row.profile_id,
        first_name: row.first_name,
        last_name: row.last_name,
        start_time: row.start_time,
        end_time: row.end_time,
        status: row.status,
        payment_status: row.payment_status,
        price: row.price,
        payment_problem: row.payment_problem,
        has_nhs_number: row.has_nhs_number,
        // Positive identification is for the men who may come: a cancelled booking's identifiers stay off the phone.
        nhs_number: row.status === 'confirmed' ? row.nhs_number : null,
        date_of_birth: row.status === 'confirmed' ? row.date_of_birth : null,
        slot_start: slotStarts[i]!,
        ticket_code: codes[i]!,
        sample_id: row.sample_id,
        consent_given: row.consent_given,
        age: row.date_of_birth ? ageOn(row.date_of_birth, event.event_date) : null,
        checked_in_at: row.checked_in_at?.toISOString() ?? null,
        result: row.has_result ? { ...resultOf(row), recall: recallOf(row, rules) } : null,
      }));
    },

    checkIn(actor, eventId, checkIns) {
      if (!isEventId(eventId)) return Promise.resolve(null);
      return db.transaction(async (tx) => {
        if ((await tx.query('SELECT 1 FROM events WHERE event_id = $1::uuid', [eventId])).length === 0) return null;
        // Every writer that locks several of an event's bookings (labels, a results file, this batch) takes
        // them in appointment-id order, so two of them never wait on each other in a circle (a deadlock,
        // which PostgreSQL ends by failing one). The batch is then applied in the order the names were tapped.
        const ids = [...new Set(checkIns.map((c) => c.appointment_id).filter((id) => UUID.test(id)))];
        await tx.query('SELECT 1 FROM appointments WHERE event_id = $1::uuid AND appointment_id = ANY($2::uuid[]) ORDER BY appointment_id FOR UPDATE', [eventId, ids]);
        const results: CheckInResult[] = [];
        for (const checkIn of checkIns) results.push(await checkInOne(tx, actor, eventId, checkIn, now()));
        return results;
      });
    },
  };
}
