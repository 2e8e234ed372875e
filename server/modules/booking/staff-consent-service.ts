/**
 * A member's consent as staff see it from the attendee list, and a signed
 * /test-consent link for a member who has none (made by the same signer
 * as `npm run consent-link`, for the event's date). Only appointments of
 * the event named in the path are reachable, so an id from another event
 * answers 404.
 */
import type { ConsentAnswers } from '../../../src/domain/consent';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { StaffConsent } from '../../../src/domain/staff-consent';
import { ApiError } from '../../platform/http/errors';
import { consentLinkUrl, makeConsentLink } from './consent-links';
import { isEventId } from '../events';
import type { Signer } from '../../platform/signing';
import { UUID } from '../staff';
import { recordAudit, type StaffActor } from '../staff';

/** The consent as staff see it, declared once in src/domain/staff-consent.ts. */
export type StaffConsentView = StaffConsent;

export interface StaffConsentService {
  /** The consent the booking names, else the member's latest for this event's date; null when none. */
  view(eventId: string, appointmentId: string): Promise<StaffConsentView | null>;
  issueLink(actor: StaffActor, eventId: string, appointmentId: string, siteUrl: string): Promise<{ url: string; expires: string }>;
}

const notFound = () => new ApiError(404, 'not_found', 'No such booking at this event.');

/** The booking's member (NULL once he is erased, 750-member-erasure.sql), its consent if named, and the event's date. */
const BOOKING_ROW = { profile_id: col.nullable(col.int()), consent_id: col.nullable(col.text()), event_date: col.text() };
/** A consent as filed; its answers are the jsonb the form sent. */
const CONSENT_ROW = {
  consent_id: col.text(),
  consent_version: col.text(),
  psa_test_date: col.text(),
  source: col.text(),
  created_at: col.instant(),
  answers: col.json(),
};

export function createStaffConsentService(db: Database, signer: Signer, now: () => Date): StaffConsentService {
  async function booking(eventId: string, appointmentId: string) {
    if (!isEventId(eventId) || !UUID.test(appointmentId)) throw notFound();
    const row = await rowOf(
      db,
      BOOKING_ROW,
      `SELECT a.profile_id, a.consent_id::text AS consent_id, to_char(e.event_date, 'YYYY-MM-DD') AS event_date
       FROM appointments a JOIN events e ON e.event_id = a.event_id
       WHERE a.appointment_id = $1::uuid AND a.event_id = $2::uuid`,
      [appointmentId, eventId],
    );
    if (!row) throw notFound();
    return row;
  }

  return {
    async view(eventId, appointmentId) {
      const found = await booking(eventId, appointmentId);
      const row = await rowOf(
        db,
        CONSENT_ROW,
        `SELECT consent_id::text AS consent_id, consent_version, to_char(psa_test_date, 'YYYY-MM-DD') AS psa_test_date,
                source, created_at, answers
         FROM consents
         WHERE consent_id = $1::uuid OR ($1::uuid IS NULL AND profile_id = $2 AND psa_test_date = $3::date)
         ORDER BY created_at DESC LIMIT 1`,
        [found.consent_id, found.profile_id, found.event_date],
      );
      if (!row) return null;
      return {
        consent_id: row.consent_id,
        consent_version: row.consent_version,
        psa_test_date: row.psa_test_date,
        source: row.source as StaffConsentView['source'],
        created_at: row.created_at.toISOString(),
        answers: row.answers as ConsentAnswers,
      };
    },

    async issueLink(actor, eventId, appointmentId, siteUrl) {
      const found = await booking(eventId, appointmentId);
      // An erased member's booking names no one to send a consent link to.
      if (found.profile_id === null) throw notFound();
      const link = await makeConsentLink(signer, found.profile_id, found.event_date, now());
      await recordAudit(
        db,
        actor,
        { action: 'consent_link.issue', entity: 'consent_link', entityId: appointmentId, before: null, after: { profile_id: found.profile_id, test_date: found.event_date, expires: link.expires } },
        now(),
      );
      return { url: consentLinkUrl(siteUrl, link), expires: new Date(Number(link.expires) * 1000).toISOString() };
    },
  };
}
