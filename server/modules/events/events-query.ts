/**
 * GET /api/events query parameters, validated with zod. Each parameter
 * arrives as a list (a repeated `for` is merged; a repeated `date` or
 * `location` must agree). Unknown parameters are ignored, so cache-busting
 * extras do no harm.
 */
import { z } from 'zod';
import { isCleanText } from '../../../src/domain/clean-text';
import { EVENT_CATEGORIES, type EventCategory } from '../../../src/domain/event';
import { DATE_FILTERS, EVENTS_PARAM_MAX, isDateFilter, isEventCategory, parseEventIds, type DateFilter } from '../../../src/domain/event-filters';
import { ApiError } from '../../platform/http/errors';
import type { EventListFilters } from './events-service';

export const LOCATION_MAX_LENGTH = 100;
const SHOWN_VALUE_LENGTH = 40;

const shown = (value: string) =>
  JSON.stringify(value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value);

// The site's one text rule (no control characters, no lone surrogates: PostgreSQL refuses NUL),
// and no line breaks or tabs either, which a place name never has.
const isPlaceText = (value: string) => isCleanText(value) && !/[\t\n\r]/.test(value);

const values = z.array(z.string()).optional();

/** One value, given at most once (repeats of the same value are harmless). */
const oneValue = values.transform((list, ctx): string | undefined => {
  const distinct = [...new Set((list ?? []).map((v) => v.trim()))];
  if (distinct.length > 1) {
    ctx.addIssue({ code: 'custom', message: 'must be given only once' });
    return z.NEVER;
  }
  return distinct[0] || undefined;
});

const categories = values.transform((list, ctx): EventCategory[] | undefined => {
  const wanted = (list ?? []).flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean);
  const unknown = wanted.filter((v) => !isEventCategory(v));
  if (unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `has unknown value ${shown(unknown[0] ?? '')}; use a comma list of ${EVENT_CATEGORIES.join(', ')}`,
    });
    return z.NEVER;
  }
  const chosen = EVENT_CATEGORIES.filter((c) => wanted.includes(c));
  return chosen.length > 0 ? chosen : undefined;
});

const location = oneValue.superRefine((value, ctx) => {
  if (value === undefined) return;
  if (value.length > LOCATION_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', message: `must be at most ${LOCATION_MAX_LENGTH} characters` });
  } else if (!isPlaceText(value)) {
    ctx.addIssue({ code: 'custom', message: 'must not contain control characters' });
  }
});

const date = oneValue.transform((value, ctx): DateFilter | undefined => {
  if (value === undefined) return undefined;
  if (!isDateFilter(value)) {
    ctx.addIssue({ code: 'custom', message: `has unknown value ${shown(value)}; use one of ${DATE_FILTERS.join(', ')}` });
    return z.NEVER;
  }
  return value;
});

const eventIds = oneValue.transform((value, ctx): string[] | undefined => {
  if (value === undefined) return undefined;
  const ids = parseEventIds(value);
  if (!ids) {
    ctx.addIssue({ code: 'custom', message: `must be a comma list of at most ${EVENTS_PARAM_MAX} event ids` });
    return z.NEVER;
  }
  return ids.length > 0 ? ids : undefined;
});

const listQuery = z.object({ for: categories, location, date, events: eventIds });

/** Parses `c.req.queries()`; throws a 422 ApiError naming the first bad parameter. */
export function parseEventListQuery(query: Record<string, string[]>): EventListFilters {
  const result = listQuery.safeParse(query);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const first = issues[0];
    throw new ApiError(
      422,
      'invalid_query',
      first ? `Query parameter "${first.path}" ${first.message}.` : 'Invalid query parameters.',
      issues,
    );
  }
  const { for: chosen, location: place, date: when, events } = result.data;
  // A list of events is exactly those events: no other filter narrows it.
  if (events) return { events };
  return {
    ...(chosen ? { categories: chosen } : {}),
    ...(place ? { location: place } : {}),
    ...(when ? { date: when } : {}),
  };
}
