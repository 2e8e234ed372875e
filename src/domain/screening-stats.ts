/**
 * The charity's yearly screening figures (docs/decisions/0022-screening-statistics.md)
 * as the staff page, the CSV, the published snapshot and the server share
 * them: one result as read for the figures, the figures of a year and an
 * event type, the event type filter, and the rules for publishing a year.
 * How the figures are computed from the results is screening-figures.ts,
 * apart so that the page reads these shapes without the computation.
 */
import { EVENT_CATEGORIES, type EventCategory } from './event';
import type { FollowUpOutcome } from './follow-up';
import type { PsaBand } from './psa-band';
import type { groupFiguresSchema, screeningFiguresSchema } from './published-statistics-answer';
import type { z } from './schema-kit';

/** One result as the server reads it for the figures. */
export interface StatsResult {
  profileId: number;
  /** The screening event, or null for a result not linked to one. */
  eventId: string | null;
  eventType: EventCategory | null;
  /** YYYY-MM-DD, the UK date the sample was taken. */
  sampleDate: string;
  /** ng/ml. */
  value: number;
  /** Whole years on the sample date; null without a date of birth. */
  age: number | null;
  /** The band the result was given when saved (its rule version's, docs/rules.md#clinical-rules); null for none. */
  band: PsaBand | null;
  ethnicity: string | null;
  followUp: FollowUpOutcome | null;
}

export const EVENT_TYPE_FILTERS = ['all', ...EVENT_CATEGORIES] as const;
export type EventTypeFilter = (typeof EVENT_TYPE_FILTERS)[number];

export const EVENT_TYPE_LABELS: Record<EventCategory | 'none', string> = {
  community: 'Community',
  freemasons: 'Freemasons',
  corporate: 'Corporate',
  none: 'Not at a listed event',
};

/** One group's figures (an age band, an ethnicity, an event type); declared once in ./published-statistics-answer. */
export type GroupFigures = z.output<typeof groupFiguresSchema>;

/** The figures of a year and an event type; declared once in ./published-statistics-answer. */
export type ScreeningFigures = z.output<typeof screeningFiguresSchema>;

export const yearOf = (date: string): number => Number(date.slice(0, 4));

/**
 * Only a year that has ended (UK time) is published: a running year's
 * figures change with each result, and two snapshots a result apart would
 * show that man's band (docs/decisions/0022-screening-statistics.md). The server answers 409
 * year_not_over with yearNotOverMessage; the staff page says the same.
 */
export const isPublishableYear = (year: number, thisYear: number): boolean => year < thisYear;
export const yearNotOverMessage = (year: number): string => `${year} is not over yet. Only a year that has ended can be published: ${year} from 1 January ${year + 1}.`;

/** The CSV download's file name: screening-statistics-2025-all.csv. */
export const statisticsCsvName = (figures: Pick<ScreeningFigures, 'year' | 'event_type'>) => `screening-statistics-${figures.year}-${figures.event_type}.csv`;
