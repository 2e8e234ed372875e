/**
 * Filing consent forms: for a booking (the signed-in member, an event) and
 * from a signed /test-consent link (a profile and a test date). The
 * answers are checked against the rules of docs/rules.md#consent
 * (consentProblems, shared with the form) here, whatever the screen did.
 */
import { BOOKING_REFUSAL_MESSAGES, BOOKING_REFUSALS, type BookingRefusal } from '../../../src/domain/booking';
import { CONSENT_VERSION, consentProblems, type ConsentAnswers } from '../../../src/domain/consent';
import { bookingClosesAt, hasEnded } from '../../../src/domain/event-card';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError, eventNotFound, fieldIssue, type FieldIssue } from '../../platform/http/errors';
import { unauthorized } from '../auth';
import { TEST_CONSENT_USED } from './consent-links';
import { isEventId } from '../events';
import { parseOr422 } from '../../platform/http/valid-body';
import { consentEventSchema } from '../../../src/domain/booking-request';

export const PROFILE_REQUIRED_MESSAGE = 'Please complete your profile before booking.';
export const profileRequired = () => new ApiError(422, 'profile_required', PROFILE_REQUIRED_MESSAGE);

/**
 * Keeps the member's profile from being erased until this transaction ends (ADR 0021), or refuses as a
 * signed-out request is when "Delete my account" took it since the request began: a write that names his
 * profile then meets no foreign-key failure (a 500) after the erasure commits. FOR KEY SHARE conflicts with
 * the erasure's FOR UPDATE and DELETE only: in READ COMMITTED a write that locks first has the erasure wait
 * and then see the new row (an upcoming booking refuses it); one that comes second waits, then finds no row.
 */
export async function holdProfile(tx: Queryable, profileId: number): Promise<void> {
  const [row] = await tx.query('SELECT 1 FROM member_profiles WHERE profile_id = $1 FOR KEY SHARE', [profileId]);
  if (!row) throw unauthorized();
}

export function invalidConsent(issues: FieldIssue[]): ApiError {
  return new ApiError(422, 'invalid_consent', issues[0]?.message ?? 'Please check the consent form.', issues);
}

export interface EventConsentRequest {
  eventId: unknown;
  /** The profileId the original client sends: accepted only when it is the caller's own. */
  profileId: unknown;
  psaTestDate: unknown;
}

export interface ConsentService {
  /**
   * Resolves to the consent id; throws ApiError 403 (another's profileId),
   * 422 naming eventId (missing or not text), 404 (unknown event) or 422. `readAnswers` reads the answers from the
   * body, throwing 422 for a wrong type; it runs after who and which event.
   */
  fileForEvent(userId: string, request: EventConsentRequest, readAnswers: () => ConsentAnswers): Promise<string>;
  /** Null when the profile is gone; throws ApiError 409 when the link has filed its consent already (once per link). */
  fileForLink(link: { profileId: number; testDate: string; signature: string }, answers: ConsentAnswers): Promise<string | null>;
  /** Whether the link with this signature has filed its consent. */
  linkUsed(signature: string): Promise<boolean>;
}

/** Whether the profile was there, and the consent filed: NULL when the link had filed one already. */
const FILED_ROW = { found: col.bool(), consent_id: col.nullable(col.text()) };
const PROFILE_ROW = { profile_id: col.int() };
/** What decides whether the event can still be booked, dates and times as to_char's text. */
const CONSENT_EVENT_ROW = { event_date: col.text(), start_time: col.text(), end_time: col.text(), exclusive_for: col.nullable(col.text()), cancelled: col.bool() };

function checkAnswers(answers: ConsentAnswers): void {
  const problems = consentProblems(answers);
  if (problems.length > 0) throw invalidConsent(problems.map((p) => fieldIssue(p.field, p.message)));
}

const sameProfile = (given: unknown, own: number) =>
  (typeof given === 'number' || typeof given === 'string') && new RegExp(`^(?:CHAPS)?0*${own}$`, 'i').test(String(given).trim());

export function createConsentService(db: Queryable, now: () => Date): ConsentService {
  /** The consent's id; null when the profile is gone (erased since the request began). */
  const insert = async (profileId: number, eventId: string | null, testDate: string, answers: ConsentAnswers, source: string, linkSignature: string | null = null) => {
    // The profile held (holdProfile's lock) in the same statement, so a parallel erasure cannot fail the insert's foreign key.
    // A link's second consent meets the unique signature and inserts nothing, even from parallel requests.
    const row = await rowOf(
      db,
      FILED_ROW,
      `WITH p AS (SELECT profile_id FROM member_profiles WHERE profile_id = $1 FOR KEY SHARE),
       c AS (
         INSERT INTO consents (profile_id, event_id, psa_test_date, answers, consent_version, source, created_at, link_signature)
         SELECT p.profile_id, $2, $3, $4::jsonb, $5, $6, $7, $8 FROM p ON CONFLICT (link_signature) DO NOTHING RETURNING consent_id::text AS consent_id
       )
       SELECT EXISTS (SELECT 1 FROM p) AS found, (SELECT consent_id FROM c) AS consent_id`,
      [profileId, eventId, testDate, JSON.stringify(answers), CONSENT_VERSION, source, now(), linkSignature],
    );
    if (!row?.found) return null;
    if (!row.consent_id) throw new ApiError(409, 'link_used', TEST_CONSENT_USED);
    return row.consent_id;
  };

  return {
    async fileForEvent(userId, request, readAnswers) {
      const profile = await rowOf(db, PROFILE_ROW, 'SELECT profile_id FROM member_profiles WHERE user_id = $1', [userId]);
      const given = request.profileId;
      if (given !== undefined && given !== null && given !== '' && !(profile && sameProfile(given, profile.profile_id))) {
        throw new ApiError(403, 'forbidden', 'You can give consent only for yourself.');
      }
      // Missing or not text: 422 naming it, as the booking's own field; text naming no event: 404.
      const { eventId } = parseOr422(consentEventSchema, { eventId: request.eventId });
      if (!isEventId(eventId)) throw eventNotFound();
      const event = await rowOf(
        db,
        CONSENT_EVENT_ROW,
        `SELECT to_char(event_date, 'YYYY-MM-DD') AS event_date, to_char(start_time, 'HH24:MI') AS start_time,
           to_char(end_time, 'HH24:MI') AS end_time, exclusive_for, cancelled_at IS NOT NULL AS cancelled
         FROM events WHERE event_id = $1::uuid`,
        [eventId],
      );
      if (!event) throw eventNotFound();
      // A consent is the step before a booking: none for an event that can no longer be booked (the booking's own rules).
      const closesAt = bookingClosesAt(event);
      const refused: BookingRefusal | null = event.cancelled
        ? 'event_cancelled'
        : hasEnded(event, now())
          ? 'event_passed'
          : closesAt && now().getTime() >= closesAt.getTime()
            ? 'booking_closed'
            : null;
      if (refused) throw new ApiError(BOOKING_REFUSALS[refused], refused, BOOKING_REFUSAL_MESSAGES[refused]);
      if (!profile) throw profileRequired();
      const answers = readAnswers();
      checkAnswers(answers);
      const date = request.psaTestDate;
      if (date !== undefined && date !== null && date !== '' && date !== event.event_date) {
        throw invalidConsent([fieldIssue('psaTestDate', 'The test date must be the date of the event.')]);
      }
      const consentId = await insert(profile.profile_id, eventId, event.event_date, answers, 'booking');
      if (!consentId) throw unauthorized();
      return consentId;
    },

    async fileForLink({ profileId, testDate, signature }, answers) {
      checkAnswers(answers);
      const [profile] = await db.query('SELECT 1 FROM member_profiles WHERE profile_id = $1', [profileId]);
      if (!profile) return null;
      return insert(profileId, null, testDate, answers, 'test-consent', signature);
    },

    async linkUsed(signature) {
      return (await db.query('SELECT 1 FROM consents WHERE link_signature = $1', [signature])).length > 0;
    },
  };
}
