/**
 * The staff statistics requests as schemas (ADR 0014): the year and event
 * type of GET /api/staff/statistics (and its CSV), and the year of
 * POST /api/staff/statistics/publish. Kept apart from the figures, which
 * the public pages import, so those carry no zod.
 */
import { EVENT_TYPE_FILTERS, type EventTypeFilter } from './screening-stats';
import { textRule, z } from './schema-kit';

export const STATISTICS_FIRST_YEAR = 2000;
const YEAR_MESSAGE = 'year must be a year such as 2025, not in the future.';
const TYPE_MESSAGE = `event_type must be one of ${EVENT_TYPE_FILTERS.join(', ')}.`;

/** A year from STATISTICS_FIRST_YEAR to `thisYear` (UK), as a number or its digits. */
const yearField = (thisYear: number) =>
  z.pipe(
    z.unknown().check(
      textRule<unknown>((v) => {
        const year = typeof v === 'string' && /^\d{4}$/.test(v) ? Number(v) : v;
        return typeof year === 'number' && Number.isInteger(year) && year >= STATISTICS_FIRST_YEAR && year <= thisYear;
      }, YEAR_MESSAGE),
    ),
    z.transform((v) => Number(v)),
  );

const eventTypeField = z.pipe(
  z.unknown().check(textRule<unknown>((v) => (EVENT_TYPE_FILTERS as readonly unknown[]).includes(v), TYPE_MESSAGE)),
  z.transform((v) => v as EventTypeFilter),
);

/** ?year=2025&event_type=community: the year defaults to this one (UK), the type to all. */
export const statisticsQuerySchema = (thisYear: number) =>
  z.pipe(
    z.object({ year: z.optional(yearField(thisYear)), event_type: z.optional(eventTypeField) }),
    z.transform(({ year, event_type }) => ({ year: year ?? thisYear, event_type: event_type ?? 'all' })),
  );

/** POST /api/staff/statistics/publish: {year}, a year up to this one (422 after it); publishable only once over (isPublishableYear in screening-stats.ts). */
export const publishBodySchema = (thisYear: number) => z.object({ year: yearField(thisYear) });

