/**
 * The charity's yearly screening figures (issue 20), computed from every
 * result with a value: men screened, tests, events, results by band, the
 * abnormal rate, by age band, ethnicity and event type, and what followed
 * the abnormal results. Pure, so the staff page, the CSV, the published
 * snapshot and the tests all read one computation; the small-number rule
 * is small-numbers.ts. A result belongs to the year of its sample date,
 * which is a UK calendar date (Europe/London) as the lab and staff give it.
 * Ethnicity is grouped by the NHS list; a stored value outside it (free
 * text from before the list was enforced) counts in one "Other or not
 * listed" group, so no typed text ever becomes a published label.
 */
import { EVENT_CATEGORIES, type EventCategory } from './event';
import { CANCER_OUTCOMES, FOLLOW_UP_LABELS, FOLLOW_UP_OUTCOMES, takesFollowUp, type FollowUpOutcome } from './follow-up';
import { ETHNICITIES } from './member-profile';
import { psaBand, type PsaBand } from './psa-band';
import { showAll, showCount, shownRate, type Shown, type SumOf } from './small-numbers';

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

export interface GroupFigures {
  group: string;
  label: string;
  tests: Shown;
  abnormal: Shown;
  /** Abnormal over tests, "7.15%"; null when hidden or no tests. */
  abnormal_rate: string | null;
}

export interface ScreeningFigures {
  year: number;
  event_type: EventTypeFilter;
  men_screened: Shown;
  tests: Shown;
  /** Screening events with at least one result in the year (not people: never hidden). */
  events: number;
  bands: Record<PsaBand | 'no_band', Shown>;
  abnormal: Shown;
  abnormal_rate: string | null;
  by_age: GroupFigures[];
  by_ethnicity: GroupFigures[];
  by_event_type: GroupFigures[];
  follow_up: {
    outcomes: { outcome: FollowUpOutcome | 'not_recorded'; label: string; count: Shown }[];
    cancers: Shown;
    radical: Shown;
    surveillance: Shown;
  };
}

const AGE_BANDS = [
  { group: 'under_40', label: 'Under 40', from: 0 },
  { group: '40_49', label: '40 to 49', from: 40 },
  { group: '50_59', label: '50 to 59', from: 50 },
  { group: '60_69', label: '60 to 69', from: 60 },
  { group: '70_plus', label: '70 and over', from: 70 },
] as const;
const AGE_UNKNOWN = { group: 'unknown', label: 'Age not known' };
const NOT_STATED = 'Not stated';
const OTHER_ETHNICITY = { group: 'other_not_listed', label: 'Other or not listed' };

export const yearOf = (date: string): number => Number(date.slice(0, 4));

/** The results of one year (their sample date's) and, unless 'all', one event type. */
export function resultsFor(results: readonly StatsResult[], year: number, eventType: EventTypeFilter): StatsResult[] {
  return results.filter((r) => yearOf(r.sampleDate) === year && (eventType === 'all' || r.eventType === eventType));
}

const bandOf = (r: StatsResult) => psaBand(r.value, r.age);
const isAbnormal = (r: StatsResult) => takesFollowUp(bandOf(r));

function ageGroup(age: number | null): string {
  if (age === null) return AGE_UNKNOWN.group;
  return [...AGE_BANDS].reverse().find((band) => age >= band.from)!.group;
}

interface Group {
  group: string;
  label: string;
  /** Listed at zero too; other groups only when they have a result. */
  keep: boolean;
}

/** Every figure of a view as one list of counts and the sums that tie them (small-numbers.ts hides across all of them at once). */
class FigureList {
  readonly counts: number[] = [];
  readonly sums: SumOf[] = [];
  add(count: number): number {
    return this.counts.push(count) - 1;
  }
  sum(total: number, parts: readonly number[]): void {
    this.sums.push({ total, parts });
  }
}

interface CountedGroup extends Group {
  tests: number;
  abnormal: number;
  testsAt: number;
  abnormalAt: number;
}

/** Tests and abnormal results per group, in the groups' order, each column a sum to the totals. */
function countGroups(list: FigureList, totals: { tests: number; abnormal: number }, results: readonly StatsResult[], keyOf: (r: StatsResult) => string, groups: Group[]): CountedGroup[] {
  const counted = groups
    .map((g) => {
      const mine = results.filter((r) => keyOf(r) === g.group);
      return { ...g, tests: mine.length, abnormal: mine.filter(isAbnormal).length };
    })
    .filter((g) => g.keep || g.tests > 0)
    .map((g) => ({ ...g, testsAt: list.add(g.tests), abnormalAt: list.add(g.abnormal) }));
  list.sum(totals.tests, counted.map((g) => g.testsAt));
  list.sum(totals.abnormal, counted.map((g) => g.abnormalAt));
  return counted;
}

const groupFigures = (counted: CountedGroup[], shown: Shown[]): GroupFigures[] =>
  counted.map((g) => {
    const tests = shown[g.testsAt]!;
    const abnormal = shown[g.abnormalAt]!;
    return { group: g.group, label: g.label, tests, abnormal, abnormal_rate: shownRate(abnormal, tests) };
  });

const ETHNICITY_GROUPS: Group[] = [
  ...(ETHNICITIES as readonly string[]).map((e) => ({ group: e, label: e, keep: false })),
  { group: OTHER_ETHNICITY.group, label: OTHER_ETHNICITY.label, keep: false },
];

/** The NHS list's category; none given is Not stated; anything else stored (free text from before the list) is one group. */
export function ethnicityGroup(ethnicity: string | null): string {
  if (ethnicity === null) return NOT_STATED;
  return (ETHNICITIES as readonly string[]).includes(ethnicity) ? ethnicity : OTHER_ETHNICITY.group;
}

/** The figures of `year` (and one event type, unless 'all'), after the small-number rule. */
export function screeningFigures(all: readonly StatsResult[], year: number, eventType: EventTypeFilter): ScreeningFigures {
  const results = resultsFor(all, year, eventType);
  const abnormalResults = results.filter(isAbnormal);
  const list = new FigureList();
  const totals = { tests: list.add(results.length), abnormal: list.add(abnormalResults.length) };
  const bandKeys = ['green', 'amber', 'red', 'no_band'] as const;
  const bandsAt = bandKeys.map((key) => list.add(results.filter((r) => (bandOf(r) ?? 'no_band') === key).length));
  list.sum(totals.tests, bandsAt);
  list.sum(totals.abnormal, [bandsAt[1]!, bandsAt[2]!]);
  const byAge = countGroups(list, totals, results, (r) => ageGroup(r.age), [...AGE_BANDS.map((b) => ({ ...b, keep: b.from >= 40 })), { ...AGE_UNKNOWN, keep: false }]);
  const byEthnicity = countGroups(list, totals, results, (r) => ethnicityGroup(r.ethnicity), ETHNICITY_GROUPS);
  const byEventType = countGroups(list, totals, results, (r) => r.eventType ?? 'none', [
    ...EVENT_CATEGORIES.map((c) => ({ group: c, label: EVENT_TYPE_LABELS[c], keep: true })),
    { group: 'none', label: EVENT_TYPE_LABELS.none, keep: false },
  ]);
  const outcomeKeys = [...FOLLOW_UP_OUTCOMES, 'not_recorded'] as const;
  const outcomesAt = outcomeKeys.map((key) => list.add(abnormalResults.filter((r) => (r.followUp ?? 'not_recorded') === key).length));
  list.sum(totals.abnormal, outcomesAt);
  const cancerAt = CANCER_OUTCOMES.map((outcome) => outcomesAt[outcomeKeys.indexOf(outcome)]!);
  const cancersAt = list.add(cancerAt.reduce((sum, at) => sum + list.counts[at]!, 0));
  list.sum(cancersAt, cancerAt);

  const shown = showAll(list.counts, list.sums);
  const tests = shown[totals.tests]!;
  const abnormal = shown[totals.abnormal]!;
  return {
    year,
    event_type: eventType,
    men_screened: showCount(new Set(results.map((r) => r.profileId)).size),
    tests,
    events: new Set(results.flatMap((r) => (r.eventId ? [r.eventId] : []))).size,
    bands: Object.fromEntries(bandKeys.map((key, i) => [key, shown[bandsAt[i]!]!])) as ScreeningFigures['bands'],
    abnormal,
    abnormal_rate: shownRate(abnormal, tests),
    by_age: groupFigures(byAge, shown),
    by_ethnicity: groupFigures(byEthnicity, shown),
    by_event_type: groupFigures(byEventType, shown),
    follow_up: {
      outcomes: outcomeKeys.map((key, i) => ({ outcome: key, label: key === 'not_recorded' ? 'Not recorded yet' : FOLLOW_UP_LABELS[key], count: shown[outcomesAt[i]!]! })),
      cancers: shown[cancersAt]!,
      radical: shown[cancerAt[0]!]!,
      surveillance: shown[cancerAt[1]!]!,
    },
  };
}

/**
 * Only a year that has ended (UK time) is published: a running year's
 * figures change with each result, and two snapshots a result apart would
 * show that man's band (docs/decisions/0022). The server answers 409
 * year_not_over with yearNotOverMessage; the staff page says the same.
 */
export const isPublishableYear = (year: number, thisYear: number): boolean => year < thisYear;
export const yearNotOverMessage = (year: number): string => `${year} is not over yet. Only a year that has ended can be published: ${year} from 1 January ${year + 1}.`;

/** The CSV download's file name: screening-statistics-2025-all.csv. */
export const statisticsCsvName = (figures: Pick<ScreeningFigures, 'year' | 'event_type'>) => `screening-statistics-${figures.year}-${figures.event_type}.csv`;
