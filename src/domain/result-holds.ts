/**
 * Results held for checking (docs/rules.md#results-entry): a line of the
 * lab's file that could not be matched safely to one man (a sample id
 * whose check character is wrong, a sample of another event or of a
 * cancelled booking, an NHS number or date of birth that is not his) is
 * kept here, attached to nobody and emailed to nobody, until a member of
 * staff attaches it to a booking by the tube's sample id, or discards it
 * with a reason. The shapes the staff console and the server share.
 */
import { isValidSampleId, normaliseSampleId } from './sample-id';
import { check, cleanText, textRule, z } from './schema-kit';

/** Why a line was held, most basic first: a line is held for the first that applies. */
export const RESULT_HOLD_REASONS = [
  'invalid_sample_id',
  'unknown_sample',
  'other_event',
  'booking_not_confirmed',
  'not_checked_in',
  'nhs_number_differs',
  'date_of_birth_differs',
  'result_exists',
] as const;
export type ResultHoldReason = (typeof RESULT_HOLD_REASONS)[number];

export const RESULT_HOLD_RESOLUTIONS = ['attached', 'discarded'] as const;
export type ResultHoldResolution = (typeof RESULT_HOLD_RESOLUTIONS)[number];

export const DISCARD_REASON_MAX = 500;

/** Why a results file keyed by member id (profile_id) is taken only when staff confirm it: the server's 409 and the upload screen say this. */
export const PROFILE_ID_WARNING =
  "This file names each man by his member id (profile_id), which has no check character: one mistyped digit can give a result to another man booked at this event. Ask the lab for a file with each tube's sample_id. Import it as it is only if you have checked every member id against the lab's request.";

/** One held line as the console lists it. */
export const resultHoldSchema = z.strictObject({
  hold_id: z.string(),
  /** The line of the file, as the lab's spreadsheet numbers it (the header is line 1). */
  line: z.number(),
  /** The line's cells as the file wrote them, by column. */
  cells: z.record(z.string(), z.string()),
  /** The PSA value; null, with the comment, the sample date and the cells, once the line was erased. */
  test_result: z.nullable(z.number()),
  comments: z.nullable(z.string()),
  sample_date: z.nullable(z.string()),
  reason: z.enum(RESULT_HOLD_REASONS),
  /** The reason in words, naming the values that disagree. */
  reason_text: z.string(),
  held_at: z.string(),
  /** Null while it waits for a person. */
  resolution: z.nullable(z.enum(RESULT_HOLD_RESOLUTIONS)),
  resolved_at: z.nullable(z.string()),
  resolved_by: z.nullable(z.string()),
  /** The booking it was attached to. */
  appointment_id: z.nullable(z.string()),
  discard_reason: z.nullable(z.string()),
  /**
   * Its details were erased with the account of the man whose booking it named or was attached to
   * (reason_text says so): it can no longer be attached to anyone, only discarded.
   */
  erased: z.boolean(),
});
export type ResultHold = z.output<typeof resultHoldSchema>;

/** GET /api/staff/events/{id}/result-holds: the event's held lines, waiting ones first, then resolved, newest first. */
export const resultHoldsAnswerSchema = z.strictObject({ holds: z.array(resultHoldSchema) });
export type ResultHoldsAnswer = z.output<typeof resultHoldsAnswerSchema>;

/** GET /api/staff/result-holds: every event with lines waiting to be checked. */
export const resultHoldCountsSchema = z.strictObject({
  events: z.array(z.strictObject({ event_id: z.string(), event_name: z.string(), event_date: z.string(), waiting: z.number() })),
});
export type ResultHoldCounts = z.output<typeof resultHoldCountsSchema>;

/** POST .../result-holds/{holdId}/resolve: the hold as it now stands. */
export const resultHoldResolvedSchema = z.strictObject({ hold: resultHoldSchema });
export type ResultHoldResolved = z.output<typeof resultHoldResolvedSchema>;

const SAMPLE_ID_MESSAGE = "Scan or type the tube's sample id, like 7KQ2-M9PT.";
const CHECK_MESSAGE = 'That sample id is not valid: its last character does not match (a typing or transposition error). Scan or type it again.';
const CONFIRM_MESSAGE = 'Confirm that the name, date of birth and NHS number are his before attaching the result.';
const DISCARD_MESSAGE = `Say why the line is discarded, in at most ${DISCARD_REASON_MAX} characters.`;

/** A sample id field: normalised, with its check character proven. */
export const sampleIdField = z.pipe(
  cleanText(40, { notText: SAMPLE_ID_MESSAGE, empty: SAMPLE_ID_MESSAGE, tooLong: SAMPLE_ID_MESSAGE }),
  z.pipe(z.transform((text: string) => normaliseSampleId(text)), z.string().check(textRule(isValidSampleId, CHECK_MESSAGE))),
);

const discardReason = cleanText(DISCARD_REASON_MAX, { notText: DISCARD_MESSAGE, empty: DISCARD_MESSAGE, tooLong: DISCARD_MESSAGE });

/** The resolve body: attach to the booking whose tube this is, confirmed by a person, or discard with a reason. */
export const resolveHoldBodySchema = z.pipe(
  z.object({
    action: z.enum(['attach', 'discard'], 'action must be attach or discard.'),
    sample_id: z.optional(z.unknown()),
    confirm: z.optional(z.unknown()),
    reason: z.optional(z.unknown()),
  }),
  z.transform((body, ctx) => {
    if (body.action === 'attach') {
      const id = check(sampleIdField, body.sample_id);
      if (!id.ok) {
        ctx.issues.push({ code: 'custom', message: id.issues[0]?.message ?? SAMPLE_ID_MESSAGE, input: body.sample_id, path: ['sample_id'] });
        return z.NEVER;
      }
      if (body.confirm !== true) {
        ctx.issues.push({ code: 'custom', message: CONFIRM_MESSAGE, input: body.confirm, path: ['confirm'] });
        return z.NEVER;
      }
      return { action: 'attach' as const, sampleId: id.value };
    }
    const reason = check(discardReason, body.reason);
    if (!reason.ok) {
      ctx.issues.push({ code: 'custom', message: DISCARD_MESSAGE, input: body.reason, path: ['reason'] });
      return z.NEVER;
    }
    return { action: 'discard' as const, reason: reason.value };
  }),
);
export type ResolveHoldBody = z.output<typeof resolveHoldBodySchema>;

/** GET /api/staff/events/{id}/samples/{sampleId}: the booking a tube belongs to, to check against the man or the lab's line. */
export const sampleLookupSchema = z.strictObject({
  sample: z.strictObject({
    sample_id: z.string(),
    appointment_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.nullable(z.string()),
    nhs_number: z.nullable(z.string()),
    /** His result for this event, when there is one. */
    test_result: z.nullable(z.number()),
  }),
});
export type SampleLookup = z.output<typeof sampleLookupSchema>;
