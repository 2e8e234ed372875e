/**
 * The staff console's attendee bodies as schemas (the event and the results
 * file are staff-event.ts and results-csv.ts): a batch of check-ins from
 * the check-in queue, and one member's result typed on the attendee list.
 * Kept apart from staff-attendees.ts, which the field app's queue imports,
 * so that code does not carry zod.
 */
import { isCleanText } from './clean-text';
import { isIsoDate } from './london-time';
import { parsePsaValue } from './psa-band';
import { RESULT_COMMENT_MAX } from './results-csv';
import { sampleIdField } from './result-holds';
import { hasForeignSampleChar, normaliseSampleId } from './sample-id';
import { cleanText, textRule, z } from './schema-kit';
import { CHECK_IN_BATCH_MAX, type CheckIn } from './staff-attendees';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const isInstant = (v: unknown) => typeof v === 'string' && ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v));
const FOREIGN_SAMPLE_MESSAGE = 'sample_id must be a sample id this site made: it never uses I, O or *.';

const checkIn = z.pipe(
  // Anything that is not an object reads as an empty one: each field then says what it needs.
  z.transform((item: unknown) => (typeof item === 'object' && item !== null ? item : {})),
  z.object({
    appointment_id: z.pipe(
      z.unknown().check(textRule<unknown>((v) => typeof v === 'string' && v.length <= 64, 'Each check-in needs an appointment_id.')),
      z.transform((v) => v as string),
    ),
    checked_in_at: z.pipe(
      z.unknown().check(textRule<unknown>(isInstant, 'Each check-in needs checked_in_at, an ISO date and time.')),
      z.transform((v) => v as string),
    ),
    /**
     * The sample id the phone proposed and had written on his tube; null when it
     * proposed none (no valid NHS number). Absent in a check-in queued by an
     * earlier version, which assigns no sample. Short text is taken: one that
     * fails its check character is replaced by the server, which says so; one
     * with a character the site never puts in an id (I, O, `*`) is refused,
     * since no phone of this site made it.
     */
    sample_id: z.optional(
      z.pipe(
        z.unknown().check(
          textRule<unknown>((v) => v === null || (typeof v === 'string' && v.length <= 16 && isCleanText(v)), 'sample_id must be a sample id or null.'),
          textRule<unknown>((v) => typeof v !== 'string' || !hasForeignSampleChar(normaliseSampleId(v)), FOREIGN_SAMPLE_MESSAGE),
        ),
        z.transform((v) => v as string | null),
      ),
    ),
  }),
);

const LIST_MESSAGE = `check_ins must be a list of 1 to ${CHECK_IN_BATCH_MAX} check-ins.`;

/** POST /api/staff/events/{id}/check-ins: 1 to CHECK_IN_BATCH_MAX check-ins, in tap order. */
export const checkInsBodySchema = z.object({
  check_ins: z.pipe(
    z.unknown().check(textRule<unknown>((v) => Array.isArray(v) && v.length > 0 && v.length <= CHECK_IN_BATCH_MAX, LIST_MESSAGE)),
    z.array(checkIn),
  ),
}) satisfies z.ZodMiniType<{ check_ins: CheckIn[] }, unknown>;

const REPLACES_MESSAGE = 'replaces must be the value of the result this one corrects, or null.';
const COMMENT_MESSAGE = `The comment must be text of at most ${RESULT_COMMENT_MAX} characters.`;

/** PUT /api/staff/events/{id}/attendees/{appointmentId}/result: the value, an optional comment and sample date, and the tube's sample id. */
export const resultEntrySchema = z.pipe(
  z.object({
    test_result: z.pipe(
      z.optional(z.unknown()),
      z.transform((v, ctx) => {
        const psa = parsePsaValue(typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');
        if ('value' in psa) return psa.value;
        ctx.issues.push({ code: 'custom', message: psa.error, input: v });
        return z.NEVER;
      }),
    ),
    comments: z.optional(z.nullable(cleanText(RESULT_COMMENT_MAX, { notText: COMMENT_MESSAGE, badText: COMMENT_MESSAGE, tooLong: COMMENT_MESSAGE }))),
    sample_date: z.optional(z.nullable(z.string('The sample date must be YYYY-MM-DD.').check(textRule(isIsoDate, 'The sample date must be YYYY-MM-DD.')))),
    /** The tube's sample id, scanned or typed: required when his blood was labelled, and it must be his. */
    sample_id: z.optional(z.nullable(sampleIdField)),
    /**
     * The value (ng/ml) of the result this one corrects, as the form showed it; null or absent for his first
     * result. A result saved or changed since refuses the save (docs/rules.md#results-entry).
     */
    replaces: z.optional(
      z.nullable(
        z.pipe(
          z.unknown(),
          z.transform((v, ctx) => {
            const psa = typeof v === 'number' || typeof v === 'string' ? parsePsaValue(String(v)) : null;
            if (psa && 'value' in psa) return psa.value;
            ctx.issues.push({ code: 'custom', message: REPLACES_MESSAGE, input: v });
            return z.NEVER;
          }),
        ),
      ),
    ),
  }),
  z.transform(({ test_result, comments, sample_date, sample_id, replaces }) => ({
    value: test_result,
    comment: comments || null,
    sampleDate: sample_date ?? null,
    sampleId: sample_id ?? null,
    replaces: replaces ?? null,
  })),
);
