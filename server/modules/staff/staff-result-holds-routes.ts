/**
 * /api/staff/...: results held for checking and the tube a sample id
 * names (docs/rules.md#results-entry).
 * - GET  /result-holds -> {events: [{event_id, event_name, event_date, waiting}]}:
 *   every event with lines of a results file waiting to be checked
 * - GET  /events/:eventId/result-holds -> {holds}: the event's held lines,
 *   waiting ones first, each with its reason in words
 * - POST /events/:eventId/result-holds/:holdId/resolve
 *   {action: 'attach', sample_id, confirm: true} | {action: 'discard', reason}
 *   -> {hold}; attaching saves the result for the booking of that tube and
 *   emails him; 409 hold_resolved when someone resolved it first, and
 *   hold_erased for an attach when the line's details were erased with a
 *   member's account (it can only be discarded)
 * - GET  /events/:eventId/samples/:sampleId -> {sample}: the booking of this
 *   event the tube belongs to, with his name, date of birth and NHS number
 *   to check (422 for a wrong check character, 404 unknown, 409 another
 *   event's or a cancelled booking's)
 */
import { Hono, type Context } from 'hono';
import {
  resolveHoldBodySchema,
  resultHoldCountsSchema,
  resultHoldResolvedSchema,
  resultHoldsAnswerSchema,
  sampleIdField,
  sampleLookupSchema,
  type ResultHoldCounts,
  type ResultHoldResolved,
  type ResultHoldsAnswer,
  type SampleLookup,
} from '../../../src/domain/result-holds';
import { check } from '../../../src/domain/schema-kit';
import { responds } from '../../platform/http/contract';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { requireSiteOrigin, type SiteOriginEnv } from '../../platform/http/site-origin';
import { validBody } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import { actorOf } from '../events';
import type { ResultHoldsService, TellMember } from '../results';
import type { StaffMail } from './staff-mail';
import { viewerOf, type RecordAccess } from './record-access';

export function staffResultHoldsRoutes(deps: { resultHolds: ResultHoldsService; mail: StaffMail; site: SiteOriginEnv; looks: RecordAccess }): Hono<{ Variables: StaffVariables }> {
  const { resultHolds, mail, looks } = deps;
  const app = new Hono<{ Variables: StaffVariables }>();
  const tellAt = (c: Context): TellMember => {
    const site = requireSiteOrigin(c, deps.site);
    return (tx, result) => mail.resultReady(tx, result.to, result.event, site);
  };

  app.get('/result-holds', responds(resultHoldCountsSchema), async (c) => c.json({ events: await resultHolds.holdCounts() } satisfies ResultHoldCounts));

  app.get('/events/:eventId/result-holds', responds(resultHoldsAnswerSchema), async (c) => {
    const holds = await resultHolds.holds(c.req.param('eventId'));
    await looks.holds(viewerOf(c), c.req.param('eventId'));
    return c.json({ holds } satisfies ResultHoldsAnswer);
  });

  app.post('/events/:eventId/result-holds/:holdId/resolve', formBodyLimit(), validBody(resolveHoldBodySchema), responds(resultHoldResolvedSchema), async (c) => {
    const hold = await resultHolds.resolveHold(actorOf(c), c.req.param('eventId'), c.req.param('holdId'), c.req.valid('json'), tellAt(c));
    return c.json({ hold } satisfies ResultHoldResolved);
  });

  app.get('/events/:eventId/samples/:sampleId', responds(sampleLookupSchema), async (c) => {
    const id = check(sampleIdField, c.req.param('sampleId'));
    if (!id.ok) throw new ApiError(422, 'invalid_sample_id', id.issues[0]!.message, [fieldIssue('sample_id', id.issues[0]!.message)]);
    const sample = await resultHolds.lookupSample(c.req.param('eventId'), id.value);
    await looks.sample(viewerOf(c), c.req.param('eventId'), sample);
    return c.json({ sample } satisfies SampleLookup);
  });

  return app;
}
