/**
 * /api/staff/events/:id/walk-ins: a walk-in registered and booked at the
 * venue on the day (docs/rules.md#venue-registration,
 * server/modules/booking/walk-in-service.ts).
 * - POST {first_name, last_name, email, date_of_birth, nhs_number?, phone,
 *   home_address, slot?, existing_account?, consent: {answers}}
 *   -> 201 {appointment, ticket, email, new_account, emailed} (WalkInAnswer,
 *   src/domain/walk-in-answer.ts): his booking and its signed ticket
 *   409 existing_account: the email has an account; staff ask him and send
 *   again with existing_account: true if it is his
 *   409 account_mismatch: his date of birth, last name or NHS number does
 *   not agree with that account (which part is not said)
 *   409 account_incomplete, already_booked, slot_taken, fully_booked,
 *   registration_unavailable (a hosted Supabase project)
 *   403 age_restricted; 404 event_not_found; 422 validation_failed,
 *   invalid_consent, not_today, event_passed, invalid_slot,
 *   nhs_number_required, payment_required
 */
import { Hono } from 'hono';
import { consentAnswersSchema } from '../../../src/domain/consent-schema';
import { checkWalkIn } from '../../../src/domain/walk-in';
import { walkInAnswerSchema } from '../../../src/domain/walk-in-answer';
import { responds } from '../../platform/http/contract';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { requireSiteOrigin, type SiteOriginEnv } from '../../platform/http/site-origin';
import { parseOr422 } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import { invalidConsent, type WalkInService } from '../booking';
import { actorOf } from '../events';

/** Where a new account's link lands: the page to choose a password (src/lib/paths.ts resetPassword). */
const CHOOSE_PASSWORD_PATH = '/reset-password?welcome=1';

export function staffWalkInsRoutes(walkIns: WalkInService, site: SiteOriginEnv): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.post('/:id/walk-ins', formBodyLimit(), responds(walkInAnswerSchema, { status: 201 }), async (c) => {
    const body = await readJsonObject(c);
    const checked = checkWalkIn(body);
    if (!checked.details) {
      throw new ApiError(422, 'validation_failed', checked.issues[0]!.message, checked.issues.map((i) => fieldIssue(i.field, i.message)));
    }
    const given = body.consent;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      throw invalidConsent([fieldIssue('consent', 'He must fill in the consent form.')]);
    }
    const consent = parseOr422(consentAnswersSchema, given as Record<string, unknown>, (issues) =>
      invalidConsent(issues.map((i) => fieldIssue(`consent.${i.path}`, i.message))),
    );
    const origin = requireSiteOrigin(c, site);
    const answer = await walkIns.register(actorOf(c), c.req.param('id'), {
      details: checked.details,
      consent,
      origin,
      redirectTo: `${origin}${CHOOSE_PASSWORD_PATH}`,
    });
    return c.json(answer, 201);
  });

  return app;
}
