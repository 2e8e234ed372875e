/**
 * A walk-in registered and booked at the venue on the day
 * (docs/rules.md#venue-registration): in ONE transaction, under the
 * event's row lock (so parallel registrations queue and re-count, and a
 * double submit finds the account the first one opened), his account
 * (opened with no password and a link to choose one, or the one he has,
 * which staff confirmed is his and whose date of birth and last name must
 * agree with what he states), his profile, the consent he filled in on the
 * staff phone, a confirmed booking at today's event in the slot chosen or
 * the next with a place, the staff audit and the confirmation email with
 * his ticket (queued with the booking). The booking rules a walk-in keeps
 * are a member's (booking-rules.ts): age 40 to 80 on the day, the places,
 * the ESNEFT laboratory's NHS number, consent before the booking, one
 * booking each; the booking window's cut-off and a private event's code
 * are not his: staff are there and the event is under way.
 */
import type { Appointment } from '../../../src/domain/booking';
import { CONSENT_VERSION, consentProblems, type ConsentAnswers } from '../../../src/domain/consent';
import { isEsneftEvent, type ScreeningEvent } from '../../../src/domain/event';
import { hasEnded } from '../../../src/domain/event-card';
import { isEligibleAge } from '../../../src/domain/age';
import { londonDate } from '../../../src/domain/london-time';
import { isValidNhsNumber } from '../../../src/domain/nhs-number';
import { slotEnd } from '../../../src/domain/slots';
import { sameName, WALK_IN_MESSAGES, walkInTimes, type WalkInDetails } from '../../../src/domain/walk-in';
import type { WalkInAnswer } from '../../../src/domain/walk-in-answer';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import type { Signer } from '../../platform/signing';
import type { VenueAccounts } from '../auth';
import { EVENT_ROW, eventColumns, placesTaken, toScreeningEvent } from '../events';
import { recordAudit, type StaffActor } from '../staff';
import type { BookingMail } from './booking-mail';
import { lockEvent, needsCardPayment, refusal } from './booking-rules';
import { addToHistory, isDuplicateBooking, leaveOnBooking, readAppointment } from './booking-service';
import { invalidConsent } from './consent-service';
import { ticketOf } from './member-tickets';

export interface WalkInRequest {
  details: WalkInDetails;
  consent: ConsentAnswers;
  /** The site's origin and the page his choose-a-password link lands on (a new account's email). */
  origin: string;
  redirectTo: string;
}

export interface WalkInService {
  register(actor: StaffActor, eventId: string, request: WalkInRequest): Promise<WalkInAnswer>;
}

/** Said for any existing account whose details do not agree: nothing about which, nor about the account. */
export const ACCOUNT_MISMATCH =
  'The details do not match the account with this email address. Check his date of birth, last name and NHS number with him, or use another email address.';
export const EXISTING_ACCOUNT =
  'This email address already has an account. Ask him whether it is his: if it is, confirm below and register him again; his date of birth and last name must match the account.';
export const ACCOUNT_INCOMPLETE =
  'The account with this email address has no details yet, so he cannot be identified from it. He can sign in and complete his details, or use another email address.';

const unavailable = () =>
  new ApiError(409, 'registration_unavailable', 'Members sign in with the hosted Supabase project: register him there, then book him online.');

const PROFILE_ROW = {
  profile_id: col.int(),
  first_name: col.text(),
  last_name: col.text(),
  date_of_birth: col.nullable(col.text()),
  nhs_number: col.nullable(col.text()),
};
const SLOT_ROW = { slot: col.text(), taken: col.int() };
const CONSENT_ID_ROW = { consent_id: col.text() };
const APPOINTMENT_ID_ROW = { appointment_id: col.text() };

/** The slots he could still be seen in (not yet ended at `at`), each with the places taken. */
async function openSlots(tx: Queryable, event: ScreeningEvent, at: Date) {
  const taken = new Map(
    (
      await rowsOf(
        tx,
        SLOT_ROW,
        `SELECT to_char(t.slot_start, 'HH24:MI') AS slot, count(*)::integer AS taken FROM ${placesTaken('$2')} t
         WHERE t.event_id = $1::uuid GROUP BY t.slot_start`,
        [event.event_id, at],
      )
    ).map((r) => [r.slot, r.taken]),
  );
  return walkInTimes(event, at).map((start) => ({ start, taken: taken.get(start) ?? 0 }));
}

/** The slot asked for, or the first with a place; refused as a booking is when there is none. */
function chooseSlot(event: ScreeningEvent, slots: { start: string; taken: number }[], asked: string | null): string {
  if (event.booked_spaces >= event.total_spaces) throw refusal('fully_booked');
  if (asked === null) {
    const free = slots.find((s) => s.taken < event.places_per_slot);
    if (!free) throw refusal('fully_booked');
    return free.start;
  }
  const slot = slots.find((s) => s.start === asked);
  if (!slot) throw new ApiError(422, 'invalid_slot', 'That time is not one of this event’s times still to come.', [fieldIssue('slot', WALK_IN_MESSAGES.slot)]);
  if (slot.taken >= event.places_per_slot) throw refusal('slot_taken');
  return slot.start;
}

/** The event's own rules for him: today's, not over, not paid by card, his age on the day, the laboratory's NHS number. */
function checkEvent(event: ScreeningEvent, details: WalkInDetails, at: Date) {
  if (hasEnded(event, at)) throw refusal('event_passed');
  if (event.event_date !== londonDate(at)) {
    throw new ApiError(422, 'not_today', 'A walk-in can be registered only on the day of the event. Before the day, he books online.');
  }
  if (needsCardPayment(event)) {
    throw new ApiError(422, 'payment_required', 'This event is paid for by card, which cannot be taken at the door: he books and pays online.');
  }
  if (!isEligibleAge(details.dateOfBirth, event.event_date)) {
    throw new ApiError(403, 'age_restricted', WALK_IN_MESSAGES.age, [fieldIssue('date_of_birth', WALK_IN_MESSAGES.age)]);
  }
}

const nhsRequired = () => new ApiError(422, 'nhs_number_required', WALK_IN_MESSAGES.nhs_required, [fieldIssue('nhs_number', WALK_IN_MESSAGES.nhs_required)]);

export function createWalkInService(deps: { db: Database; now: () => Date; mail: BookingMail; signer: Signer; accounts: VenueAccounts | null }): WalkInService {
  const { db, now, mail, signer, accounts } = deps;

  /** His profile, made now for a new account, or the existing account's, which must agree with what he stated. */
  async function profileFor(tx: Queryable, userId: string, made: boolean, details: WalkInDetails, at: Date) {
    if (made) {
      const row = await rowOf(
        tx,
        PROFILE_ROW,
        `INSERT INTO member_profiles (user_id, first_name, last_name, date_of_birth, nhs_number, phone, email, home_address, created_at, updated_at)
         VALUES ($1::uuid, $2, $3, $4::date, $5, $6, $7, $8, $9, $9)
         RETURNING profile_id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, nhs_number`,
        [userId, details.firstName, details.lastName, details.dateOfBirth, details.nhsNumber, details.phone, details.email, details.homeAddress, at],
      );
      if (!row) throw new Error('INSERT INTO member_profiles returned no row');
      return row;
    }
    // FOR UPDATE: kept from a "Delete my account" until this booking commits (ADR 0021).
    const row = await rowOf(
      tx,
      PROFILE_ROW,
      `SELECT profile_id, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, nhs_number
       FROM member_profiles WHERE user_id = $1::uuid FOR UPDATE`,
      [userId],
    );
    if (!row) throw new ApiError(409, 'account_incomplete', ACCOUNT_INCOMPLETE, [fieldIssue('email', ACCOUNT_INCOMPLETE)]);
    const agrees =
      row.date_of_birth === details.dateOfBirth &&
      sameName(row.last_name, details.lastName) &&
      (details.nhsNumber === null || row.nhs_number === null || row.nhs_number === details.nhsNumber);
    if (!agrees) throw new ApiError(409, 'account_mismatch', ACCOUNT_MISMATCH, [fieldIssue('email', ACCOUNT_MISMATCH)]);
    if (row.nhs_number === null && details.nhsNumber !== null) {
      // The number he stated goes on his profile where it had none (the laboratory needs it); one he had is never replaced.
      await tx.query('UPDATE member_profiles SET nhs_number = $2, updated_at = $3 WHERE profile_id = $1', [row.profile_id, details.nhsNumber, at]);
      return { ...row, nhs_number: details.nhsNumber };
    }
    return row;
  }

  /**
   * A try to book on an account whose details did not agree is kept in the staff audit, though nothing else is
   * written: repeated tries at one account's date of birth are there for anyone reviewing the audit to see.
   */
  async function auditMismatch(actor: StaffActor, eventId: string, email: string, at: Date) {
    const userId = await accounts!.find(db, email);
    if (userId) await recordAudit(db, actor, { action: 'walk_in.account_mismatch', entity: 'member', entityId: userId, before: null, after: { event_id: eventId } }, at);
  }

  return {
    async register(actor, eventId, { details, consent, origin, redirectTo }) {
      if (!accounts) throw unavailable();
      const problems = consentProblems(consent);
      if (problems.length > 0) throw invalidConsent(problems.map((p) => fieldIssue(`consent.${p.field}`, p.message)));
      const at = now();
      // The ticket's signing key, loaded before the transaction: on PGlite's one connection it could not be read inside it.
      await mail.prepare();
      let booked: { appointment: Appointment; opened: Awaited<ReturnType<VenueAccounts['open']>> };
      try {
        booked = await db.transaction(async (tx) => {
          // The event's lock first: parallel registrations for it take turns, and each counts the places the last one took.
          await lockEvent(tx, { eventId, appointmentStartTime: null, consentId: null, accessGrant: null });
          const eventRow = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [eventId, at]);
          if (!eventRow) throw refusal('event_not_found');
          const event = toScreeningEvent(eventRow);
          checkEvent(event, details, at);

          const existing = await accounts.find(tx, details.email);
          if (existing && !details.existingAccount) {
            throw new ApiError(409, 'existing_account', EXISTING_ACCOUNT, [fieldIssue('email', 'This email address already has an account.')]);
          }
          const opened = existing ? null : await accounts.open(tx, details, at);
          const userId = existing ?? opened?.userId;
          // Opened by another request since the look-up (the event's lock makes that another event's walk-in): ask again.
          if (!userId) throw new ApiError(409, 'existing_account', EXISTING_ACCOUNT, [fieldIssue('email', 'This email address already has an account.')]);
          const profile = await profileFor(tx, userId, !existing, details, at);
          if (isEsneftEvent(event) && !(profile.nhs_number && isValidNhsNumber(profile.nhs_number))) throw nhsRequired();

          const [own] = await tx.query(
            `SELECT 1 FROM appointments WHERE event_id = $1::uuid AND profile_id = $2
               AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > $3::timestamptz))`,
            [event.event_id, profile.profile_id, at],
          );
          if (own) throw new ApiError(409, 'already_booked', 'He is already booked at this event: find him on the list, or type the code on his ticket.');
          const start = chooseSlot(event, await openSlots(tx, event, at), details.slot);

          // His consent, given by him on this phone before the booking, as every booking's is (docs/rules.md#consent).
          const filed = await rowOf(
            tx,
            CONSENT_ID_ROW,
            `INSERT INTO consents (profile_id, event_id, psa_test_date, answers, consent_version, source, created_at)
             VALUES ($1, $2::uuid, $3::date, $4::jsonb, $5, 'booking', $6) RETURNING consent_id::text AS consent_id`,
            [profile.profile_id, event.event_id, event.event_date, JSON.stringify(consent), CONSENT_VERSION, at],
          );
          if (!filed) throw new Error('INSERT INTO consents returned no row');
          const made = await rowOf(
            tx,
            APPOINTMENT_ID_ROW,
            `INSERT INTO appointments (profile_id, user_id, event_id, consent_id, slot_start, slot_end, status, payment_status, price, created_at, updated_at)
             VALUES ($1, $2::uuid, $3::uuid, $4::uuid, $5::time, $6::time, 'confirmed', 'paid', 0, $7, $7) RETURNING appointment_id::text AS appointment_id`,
            [profile.profile_id, userId, event.event_id, filed.consent_id, start, slotEnd(start, event.session_duration), at],
          );
          if (!made) throw new Error('INSERT INTO appointments returned no row');
          const appointmentId = made.appointment_id;
          await addToHistory(tx, appointmentId, profile.profile_id, event);
          await leaveOnBooking(tx, event.event_id, profile.profile_id, at);
          await recordAudit(
            tx,
            actor,
            {
              action: 'walk_in.register',
              entity: 'member',
              entityId: userId,
              before: null,
              after: { appointment_id: appointmentId, event_id: event.event_id, slot: start, profile_id: profile.profile_id, new_account: !existing },
            },
            at,
          );
          const appointment = await readAppointment(tx, appointmentId);
          // Queued with the booking: it goes if and only if the booking commits.
          await mail.confirmed(tx, appointment, { email: details.email, firstName: profile.first_name });
          return { appointment, opened };
        });
      } catch (error) {
        if (isDuplicateBooking(error)) throw new ApiError(409, 'already_booked', 'He is already booked at this event: find him on the list.');
        if (error instanceof ApiError && error.code === 'account_mismatch') await auditMismatch(actor, eventId, details.email, at);
        throw error;
      }
      const { appointment, opened } = booked;
      const emailed = opened ? await accounts.mailLink(opened, { ...details, origin, redirectTo }) : false;
      return { appointment, ticket: await ticketOf(signer, appointment), email: details.email, new_account: opened !== null, emailed };
    },
  };
}
