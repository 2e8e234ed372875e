/**
 * /api/staff/events/:eventId/... : the attendee list and what staff do
 * from it (docs/decisions/0010-staff-console.md).
 * - GET  /attendees -> {event_id, ticket_key, attendees}: ticket_key is the
 *   public key that checks a scanned ticket on the phone, offline; each
 *   attendee's result is null for a role that does not see results
 * - POST /check-ins {check_ins: [{appointment_id, checked_in_at, sample_id?}]}
 *   -> {results} in the order sent, each with his sample id; replaying a
 *   queue records nothing twice
 * - PUT  /attendees/:appointmentId/result {test_result, comments?, sample_date?, sample_id?} -> {status}:
 *   sample_id, the tube's, is required when his blood was labelled, and must be his
 * - PUT  /attendees/:appointmentId/recall {months: 1..60 | null} -> {recall}:
 *   staff's own interval to the next test for this result (null: the rule's)
 * - PUT  /attendees/:appointmentId/follow-up {outcome | null} -> {follow_up}:
 *   what followed an amber or red result (409 not_abnormal for any other)
 * - POST /results.csv[?confirm_profile_ids=1] (text/csv, at most RESULTS_CSV_MAX_BYTES)
 *   -> {saved, held}: lines matched by sample id are saved, the rest held for
 *   checking (staff-result-holds-routes.ts); 422 with every bad line when the
 *   file has an error, and nothing is written; 409
 *   profile_id_needs_confirmation for a file keyed by member id unless
 *   staff confirmed it
 * - GET  /attendees/:appointmentId/consent -> {consent} (null when none)
 * - POST /attendees/:appointmentId/consent-link -> {url, expires}
 */
import { Hono, type Context } from 'hono';
import { consentLinkAnswerSchema, staffConsentAnswerSchema } from '../../../src/domain/staff-consent';
import { attendeeListSchema, checkInsAnswerSchema, type AttendeeList, type CheckInsAnswer } from '../../../src/domain/attendee-list';
import { followUpAnswerSchema, type FollowUpAnswer } from '../../../src/domain/follow-up';
import {
  recallAnswerSchema,
  resultSavedAnswerSchema,
  resultsCsvAnswerSchema,
  type RecallAnswer,
  type ResultSavedAnswer,
  type ResultsCsvAnswer,
} from '../../../src/domain/staff-result-answers';
import { responds } from '../../platform/http/contract';
import { bodyLimit } from 'hono/body-limit';
import { RESULTS_CSV_MAX_BYTES } from '../../../src/domain/results-csv';
import { followUpBodySchema } from '../../../src/domain/follow-up';
import { checkInsBodySchema, resultEntrySchema } from '../../../src/domain/staff-bodies';
import { ApiError, eventNotFound, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { validBody } from '../../platform/http/valid-body';
import { RECALL_OVERRIDE_MAX_MONTHS, RECALL_OVERRIDE_MIN_MONTHS } from '../../../src/domain/recall';
import type { StaffVariables } from '../auth';
import { requireSiteOrigin, type SiteOriginEnv } from '../../platform/http/site-origin';
import type { FollowUpService } from '../results';
import type { StaffAttendeesService } from './staff-attendees-service';
import type { TellMember } from '../results';
import type { StaffConsentService } from '../booking';
import type { StaffMail } from './staff-mail';
import type { ResultEntryService, ResultsFileService } from '../results';
import { actorOf } from '../events';
import type { Signer } from '../../platform/signing';
import { attendeesForRole } from './staff-route-policy';
import { viewerOf, type RecordAccess } from './record-access';

const CHECK_IN_BODY_MAX = 96 * 1024;

const tooLarge = (what: string, bytes: number) => () => {
  throw new ApiError(413, 'TOO_LARGE', `The ${what} is too large (at most ${Math.round(bytes / 1024)} KB).`);
};

const invalid = (field: string, message: string) => new ApiError(422, 'validation_failed', message, [fieldIssue(field, message)]);

/** The recall body, {months}: whole months 1 to 60, or null to go back to the rule (docs/rules.md#recall-intervals; one place, for the shared schemas). */
function readRecallInterval(body: Record<string, unknown>): number | null {
  const { months } = body;
  if (months === null) return null;
  if (typeof months !== 'number' || !Number.isInteger(months) || months < RECALL_OVERRIDE_MIN_MONTHS || months > RECALL_OVERRIDE_MAX_MONTHS) {
    throw invalid('months', `months must be a whole number from ${RECALL_OVERRIDE_MIN_MONTHS} to ${RECALL_OVERRIDE_MAX_MONTHS}, or null for the usual interval.`);
  }
  return months;
}

export function staffAttendeesRoutes(deps: {
  attendees: StaffAttendeesService;
  results: ResultEntryService;
  /** The lab's results file. */
  resultsFile: ResultsFileService;
  followUps: FollowUpService;
  consents: StaffConsentService;
  mail: StaffMail;
  site: SiteOriginEnv;
  /** Its public ticket key goes with the list. */
  signer: Pick<Signer, 'ticketPublicKey'>;
  /** Each look at a man's record (docs/rules.md#record-access). */
  looks: RecordAccess;
}): Hono<{ Variables: StaffVariables }> {
  const { attendees, results, resultsFile, followUps, consents, mail, looks } = deps;
  const app = new Hono<{ Variables: StaffVariables }>();
  // SITE_URL, else (in development) the request's origin only for a host in ALLOWED_HOSTS: a Host header is the sender's to choose.
  const origin = (c: Context) => requireSiteOrigin(c, deps.site);
  const tellAt = (c: Context): TellMember => {
    const site = origin(c);
    return (tx, result) => mail.resultReady(tx, result.to, result.event, site);
  };

  app.get('/:eventId/attendees', responds(attendeeListSchema), async (c) => {
    const list = await attendees.list(c.req.param('eventId'));
    if (!list) throw eventNotFound();
    const key = await deps.signer.ticketPublicKey();
    // The public coordinates only, whatever else a JWK might carry.
    const ticketKey = { kty: 'EC' as const, crv: 'P-256' as const, x: String(key.x), y: String(key.y), alg: 'ES256', key_ops: ['verify'] };
    // Results only for the roles that see them, payment problems only for those who handle money (docs/rules.md#staff-roles);
    // the look recorded is of what was sent.
    const shown = attendeesForRole(list, c.get('staffRole'));
    await looks.attendeeList(viewerOf(c), c.req.param('eventId'), shown);
    return c.json({ event_id: c.req.param('eventId'), ticket_key: ticketKey, attendees: shown } satisfies AttendeeList);
  });

  app.post('/:eventId/check-ins', bodyLimit({ maxSize: CHECK_IN_BODY_MAX, onError: tooLarge('check-in list', CHECK_IN_BODY_MAX) }), validBody(checkInsBodySchema), responds(checkInsAnswerSchema), async (c) => {
    const checkIns = c.req.valid('json').check_ins;
    const results = await attendees.checkIn(actorOf(c), c.req.param('eventId'), checkIns);
    if (!results) throw eventNotFound();
    return c.json({ results } satisfies CheckInsAnswer);
  });

  app.put('/:eventId/attendees/:appointmentId/result', formBodyLimit(), validBody(resultEntrySchema), responds(resultSavedAnswerSchema), async (c) => {
    const input = c.req.valid('json');
    await results.save(actorOf(c), c.req.param('eventId'), c.req.param('appointmentId'), input, tellAt(c));
    return c.json({ status: 'success' } satisfies ResultSavedAnswer);
  });

  app.put('/:eventId/attendees/:appointmentId/recall', formBodyLimit(), responds(recallAnswerSchema), async (c) => {
    const months = readRecallInterval(await readJsonObject(c));
    const recall = await results.setRecallInterval(actorOf(c), c.req.param('eventId'), c.req.param('appointmentId'), months);
    return c.json({ recall } satisfies RecallAnswer);
  });

  app.put('/:eventId/attendees/:appointmentId/follow-up', formBodyLimit(), validBody(followUpBodySchema), responds(followUpAnswerSchema), async (c) => {
    const followUp = await followUps.record(actorOf(c), c.req.param('eventId'), c.req.param('appointmentId'), c.req.valid('json').outcome);
    return c.json({ follow_up: followUp } satisfies FollowUpAnswer);
  });

  app.post(
    '/:eventId/results.csv',
    bodyLimit({ maxSize: RESULTS_CSV_MAX_BYTES, onError: tooLarge('file', RESULTS_CSV_MAX_BYTES) }),
    responds(resultsCsvAnswerSchema),
    async (c) => {
      const confirmProfileIds = c.req.query('confirm_profile_ids') === '1';
      const outcome = await resultsFile.importCsv(actorOf(c), c.req.param('eventId'), await c.req.text(), tellAt(c), { confirmProfileIds });
      return c.json({ saved: outcome.saved.length, held: outcome.held } satisfies ResultsCsvAnswer);
    },
  );

  app.get('/:eventId/attendees/:appointmentId/consent', responds(staffConsentAnswerSchema), async (c) => {
    const consent = await consents.view(c.req.param('eventId'), c.req.param('appointmentId'));
    if (consent) await looks.consent(viewerOf(c), c.req.param('eventId'), c.req.param('appointmentId'));
    return c.json({ consent });
  });

  app.post('/:eventId/attendees/:appointmentId/consent-link', responds(consentLinkAnswerSchema), async (c) => {
    const link = await consents.issueLink(actorOf(c), c.req.param('eventId'), c.req.param('appointmentId'), origin(c));
    return c.json(link);
  });

  return app;
}
