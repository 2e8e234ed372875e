/**
 * GET /api/statistics/published, declared once (docs/architecture.md#contract,
 * docs/decisions/0022-screening-statistics.md). ScreeningFigures and
 * GroupFigures (./screening-stats), Shown (./small-numbers) and
 * PublishedStatistics (./published-statistics) are these schemas' output;
 * they sit apart from the rules the statistics pages run, so those pages
 * do not load zod for them.
 *
 * The figures are a snapshot stored as JSON when staff published it, and
 * sent as stored: z.object, not z.strictObject, so a snapshot that carries
 * more than these fields is still read.
 */
import { FOLLOW_UP_OUTCOMES } from './follow-up';
import { PSA_BANDS } from './psa-band';
import { z } from './schema-kit';
import { EVENT_TYPE_FILTERS } from './screening-stats';

/** A count as published: the number, or hidden when 1 to 4 (or when it would give one away). */
export const shownSchema = z.union([z.object({ count: z.int() }), z.object({ hidden: z.literal(true) })]);

export const groupFiguresSchema = z.object({
  group: z.string(),
  label: z.string(),
  tests: shownSchema,
  abnormal: shownSchema,
  /** Abnormal over tests, "7.15%"; null when hidden or no tests. */
  abnormal_rate: z.nullable(z.string()),
});

export const screeningFiguresSchema = z.object({
  year: z.int(),
  event_type: z.enum(EVENT_TYPE_FILTERS),
  men_screened: shownSchema,
  tests: shownSchema,
  /** Screening events with at least one result in the year (not people: never hidden). */
  events: z.int(),
  bands: z.record(z.enum([...PSA_BANDS, 'no_band']), shownSchema),
  abnormal: shownSchema,
  abnormal_rate: z.nullable(z.string()),
  by_age: z.array(groupFiguresSchema),
  by_ethnicity: z.array(groupFiguresSchema),
  by_event_type: z.array(groupFiguresSchema),
  follow_up: z.object({
    outcomes: z.array(z.object({ outcome: z.enum([...FOLLOW_UP_OUTCOMES, 'not_recorded']), label: z.string(), count: shownSchema })),
    cancers: shownSchema,
    radical: shownSchema,
    surveillance: shownSchema,
  }),
});

/** One year's latest snapshot. */
export const publishedStatisticsSchema = z.strictObject({
  year: z.int(),
  /** ISO instant staff pressed Publish. */
  published_at: z.string(),
  figures: screeningFiguresSchema,
});

/**
 * Each published year's latest snapshot, newest year first; and the newest
 * of them alone, or null (what the pages before `years` read, kept for a
 * copy of the site still running in a browser; today's pages read `years`).
 */
export const publishedStatisticsAnswerSchema = z.strictObject({
  years: z.array(publishedStatisticsSchema),
  published: z.nullable(publishedStatisticsSchema),
});

export type PublishedStatisticsAnswer = z.output<typeof publishedStatisticsAnswerSchema>;

/** GET /api/staff/statistics?year=&event_type=: the year's figures as staff see them, and the years with results. */
export const staffStatisticsAnswerSchema = z.strictObject({ figures: screeningFiguresSchema, years: z.array(z.int()) });

/** POST /api/staff/statistics/publish, 201: the snapshot just published. */
export const publishedAnswerSchema = z.strictObject({ published: publishedStatisticsSchema });

export type StaffStatisticsAnswer = z.output<typeof staffStatisticsAnswerSchema>;
export type PublishedAnswer = z.output<typeof publishedAnswerSchema>;
