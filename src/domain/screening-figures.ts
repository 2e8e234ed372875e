/**
 * The charity's yearly screening figures
 * (docs/decisions/0022-screening-statistics.md), computed from every result
 * with a value: men screened, tests, events, results by band, the abnormal
 * rate, by age band, ethnicity and event type, and what followed the
 * abnormal results. Their shapes are screening-stats.ts. Pure, so the staff page, the CSV, the published
 * snapshot and the tests all read one computation; the small-number rule
 * is small-numbers.ts. A result belongs to the year of its sample date,
 * which is a UK calendar date (Europe/London) as the lab and staff give it.
 * Ethnicity is grouped by the NHS list; a stored value outside it (free
 * text from before the list was enforced) counts in one "Other or not
 * listed" group, so no typed text ever becomes a published label. Every
 * group is listed, with anyone in it or not, and a zero reads as hidden as
 * a count of 1 to 4 does, so neither a group's presence nor its words tell
 * none from a few (docs/decisions/0035-statistics-releases-differencing.md).
 */
import { EVENT_CATEGORIES } from './event';
import { CANCER_OUTCOMES, FOLLOW_UP_LABELS, FOLLOW_UP_OUTCOMES, takesFollowUp } from './follow-up';
import { ETHNICITIES } from './member-profile';
import { shownRate, suppress, suppressAll, type Shown, type SumOf } from './small-numbers';
import { carriedOver, type Release } from './statistics-releases';
import { EVENT_TYPE_FILTERS, EVENT_TYPE_LABELS, yearOf, type EventTypeFilter, type GroupFigures, type ScreeningFigures, type StatsResult } from './screening-stats';

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


/** The results of one year (their sample date's) and, unless 'all', one event type. */
export function resultsFor(results: readonly StatsResult[], year: number, eventType: EventTypeFilter): StatsResult[] {
  return results.filter((r) => yearOf(r.sampleDate) === year && (eventType === 'all' || r.eventType === eventType));
}

/** The band stored with the result, by the rule version that gave it (never today's rule). */
const bandOf = (r: StatsResult) => r.band;
const isAbnormal = (r: StatsResult) => takesFollowUp(bandOf(r));

function ageGroup(age: number | null): string {
  if (age === null) return AGE_UNKNOWN.group;
  return [...AGE_BANDS].reverse().find((band) => age >= band.from)!.group;
}

interface Group {
  group: string;
  label: string;
}

/**
 * Every figure of the views of a year as one list of counts, each with a
 * key naming it within its view ('tests', 'band:red', 'ethnicity:…:tests'),
 * and the sums that tie them (small-numbers.ts hides across all at once).
 */
class FigureList {
  readonly counts: number[] = [];
  readonly keys: string[] = [];
  readonly sums: SumOf[] = [];
  readonly known: boolean[] = [];
  readonly secret: boolean[] = [];
  add(key: string, count: number, known = false, secret = false): number {
    this.keys.push(key);
    this.known.push(known);
    this.secret.push(secret);
    return this.counts.push(count) - 1;
  }
  sum(total: number, parts: readonly number[], across = false): void {
    this.sums.push({ total, parts, across });
  }
}

interface CountedGroup extends Group {
  tests: number;
  abnormal: number;
  testsAt: number;
  abnormalAt: number;
}

/** Tests and abnormal results per group, in the groups' order, each column a sum to the totals. */
function countGroups(list: FigureList, section: string, totals: { tests: number; abnormal: number }, results: readonly StatsResult[], keyOf: (r: StatsResult) => string, groups: Group[], known: boolean): CountedGroup[] {
  const counted = groups.map((g) => {
    const mine = results.filter((r) => keyOf(r) === g.group);
    const tests = mine.length;
    const abnormal = mine.filter(isAbnormal).length;
    return { ...g, tests, abnormal, testsAt: list.add(`${section}:${g.group}:tests`, tests, known), abnormalAt: list.add(`${section}:${g.group}:abnormal`, abnormal, known) };
  });
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

const ETHNICITY_GROUPS: Group[] = [...(ETHNICITIES as readonly string[]).map((e) => ({ group: e, label: e })), OTHER_ETHNICITY];
const AGE_GROUPS: Group[] = [...AGE_BANDS.map(({ group, label }) => ({ group, label })), AGE_UNKNOWN];
const EVENT_TYPE_GROUPS: Group[] = [...EVENT_CATEGORIES.map((c) => ({ group: c, label: EVENT_TYPE_LABELS[c] })), { group: 'none', label: EVENT_TYPE_LABELS.none }];
const BAND_KEYS = ['green', 'amber', 'red', 'no_band'] as const;
const OUTCOME_KEYS = [...FOLLOW_UP_OUTCOMES, 'not_recorded'] as const;

/** The NHS list's category; none given is Not stated; anything else stored (free text from before the list) is one group. */
export function ethnicityGroup(ethnicity: string | null): string {
  if (ethnicity === null) return NOT_STATED;
  return (ETHNICITIES as readonly string[]).includes(ethnicity) ? ethnicity : OTHER_ETHNICITY.group;
}

/** Where one view's figures sit in the list. */
interface ViewCells {
  results: StatsResult[];
  men: number;
  totals: { tests: number; abnormal: number };
  bandsAt: number[];
  byAge: CountedGroup[];
  byEthnicity: CountedGroup[];
  byEventType: CountedGroup[];
  outcomesAt: number[];
  cancerAt: number[];
  cancersAt: number;
}

/**
 * One view's figures, keyed by `prefix`. Every view lists every group, so
 * the same key means the same figure in each and the views add up key by
 * key.
 */
function addView(list: FigureList, prefix: string, results: StatsResult[], known = false): ViewCells {
  const add = (key: string, count: number) => list.add(`${prefix}${key}`, count, known);
  const abnormalResults = results.filter(isAbnormal);
  const men = add('men', new Set(results.map((r) => r.profileId)).size);
  const totals = { tests: add('tests', results.length), abnormal: add('abnormal', abnormalResults.length) };
  const bandsAt = BAND_KEYS.map((key) => add(`band:${key}`, results.filter((r) => (bandOf(r) ?? 'no_band') === key).length));
  list.sum(totals.tests, bandsAt);
  list.sum(totals.abnormal, [bandsAt[1]!, bandsAt[2]!]);
  const groups = (section: string, keyOf: (r: StatsResult) => string, all: Group[]) => countGroups(list, `${prefix}${section}`, totals, results, keyOf, all, known);
  const byAge = groups('age', (r) => ageGroup(r.age), AGE_GROUPS);
  const byEthnicity = groups('ethnicity', (r) => ethnicityGroup(r.ethnicity), ETHNICITY_GROUPS);
  const byEventType = groups('event_type', (r) => r.eventType ?? 'none', EVENT_TYPE_GROUPS);
  const outcomesAt = OUTCOME_KEYS.map((key) => add(`outcome:${key}`, abnormalResults.filter((r) => (r.followUp ?? 'not_recorded') === key).length));
  list.sum(totals.abnormal, outcomesAt);
  const cancerAt = CANCER_OUTCOMES.map((outcome) => outcomesAt[OUTCOME_KEYS.indexOf(outcome)]!);
  const cancersAt = add('cancers', cancerAt.reduce((sum, at) => sum + list.counts[at]!, 0));
  list.sum(cancersAt, cancerAt);
  return { results, men, totals, bandsAt, byAge, byEthnicity, byEventType, outcomesAt, cancerAt, cancersAt };
}

function viewFigures(cells: ViewCells, shown: Shown[], year: number, eventType: EventTypeFilter): ScreeningFigures {
  const tests = shown[cells.totals.tests]!;
  const abnormal = shown[cells.totals.abnormal]!;
  return {
    year,
    event_type: eventType,
    men_screened: shown[cells.men]!,
    tests,
    events: new Set(cells.results.flatMap((r) => (r.eventId ? [r.eventId] : []))).size,
    bands: Object.fromEntries(BAND_KEYS.map((key, i) => [key, shown[cells.bandsAt[i]!]!])) as ScreeningFigures['bands'],
    abnormal,
    abnormal_rate: shownRate(abnormal, tests),
    by_age: groupFigures(cells.byAge, shown),
    by_ethnicity: groupFigures(cells.byEthnicity, shown),
    by_event_type: groupFigures(cells.byEventType, shown),
    follow_up: {
      outcomes: OUTCOME_KEYS.map((key, i) => ({ outcome: key, label: key === 'not_recorded' ? 'Not recorded yet' : FOLLOW_UP_LABELS[key], count: shown[cells.outcomesAt[i]!]! })),
      cancers: shown[cells.cancersAt]!,
      radical: shown[cells.cancerAt[0]!]!,
      surveillance: shown[cells.cancerAt[1]!]!,
    },
  };
}

/**
 * Every view staff can read of `year` (all event types and each type), after
 * the small-number rule. The all-types view, the one published, is hidden
 * first on its own, as it always was, keeping the look of each earlier
 * release (`releases`) wherever a count has not moved since
 * (statistics-releases.ts: a figure hidden then stays hidden, one shown
 * then is known to a reader). Then the type views are hidden with it as
 * fixed: each figure of all types is the types' figures added up with the
 * results at no listed event, so no sum or difference of views gives back a
 * hidden count, nor a count of 1 to 4 for one type, two together, or the
 * results at no listed event. Last, every zero reads as hidden: the rule
 * took each as known, so hiding it too only tells a reader less.
 */
export function yearFigures(all: readonly StatsResult[], year: number, releases: readonly Release[] = []): Record<EventTypeFilter, ScreeningFigures> {
  const yearResults = resultsFor(all, year, 'all');
  const list = new FigureList();
  const views = new Map(EVENT_TYPE_FILTERS.map((type) => [type, addView(list, `${type}/`, resultsFor(yearResults, year, type))]));
  const allView = views.get('all')!;
  const width = allView.cancersAt - allView.men + 1;
  const inAll = (i: number) => i >= allView.men && i < allView.men + width;
  const allSums = list.sums.filter((s) => inAll(s.total));

  // The published view on its own, as each earlier release showed it wherever a count stood still.
  const allKeys = list.keys.slice(0, width).map((key) => key.slice('all/'.length));
  const carried = carriedOver(allKeys, list.counts.slice(0, width), releases);
  const published = suppress(list.counts.slice(0, width), allSums, carried);

  // The results at no listed event are in no view: unknowns to a reader (the all-types view gives their tests), kept from being worked out when small.
  const unlistedResults = yearResults.filter((r) => r.eventType === null);
  // With none, every figure of them is a known zero.
  const unlisted = addView(list, 'none/', unlistedResults, unlistedResults.length === 0);
  const types = EVENT_CATEGORIES.map((type) => views.get(type)!);
  // Men are not added up across types (a man may go to two): the difference is taken as known, as the strictest reading.
  const overlap = list.add('men-overlap', list.counts[allView.men]! - types.reduce((sum, v) => sum + list.counts[v.men]!, 0), true);
  list.sum(allView.men, [...types.map((v) => v.men), overlap], true);
  for (let k = 1; k < width; k++) list.sum(allView.men + k, [...types.map((v) => v.men + k), unlisted.men + k], true);
  // Two types together are all types less the third: never published, but kept from being worked out when small.
  types.forEach((a, i) =>
    types.slice(i + 1).forEach((b) => {
      for (let k = 0; k < width; k++) {
        const together = list.add(`pair/${list.keys[a.men + k]}+${list.keys[b.men + k]}`, list.counts[a.men + k]! + list.counts[b.men + k]!, false, true);
        list.sum(together, [a.men + k, b.men + k], true);
      }
    }),
  );
  const secret = list.counts.map((_, i) => list.secret[i]! || (unlistedResults.length > 0 && i >= unlisted.men && i <= unlisted.cancersAt));
  const fixed = list.counts.map((_, i) => inAll(i) && published[i]!);
  // A figure of the published view goes only when no figure of a type view would do.
  const rank = list.counts.map((_, i) => Number(inAll(i)));
  const known = list.known.map((k, i) => k || (inAll(i) && carried.known[i]!));
  const { hidden } = suppressAll(list.counts, list.sums, { known, force: fixed, secret, rank });
  const shown: Shown[] = list.counts.map((count, i) => (hidden[i] || count === 0 ? { hidden: true } : { count }));
  return Object.fromEntries([...views].map(([type, cells]) => [type, viewFigures(cells, shown, year, type)])) as Record<EventTypeFilter, ScreeningFigures>;
}

/** The figures of `year` (and one event type, unless 'all'), after the small-number rule across every view of the year and its earlier releases. */
export function screeningFigures(all: readonly StatsResult[], year: number, eventType: EventTypeFilter, releases: readonly Release[] = []): ScreeningFigures {
  return yearFigures(all, year, releases)[eventType];
}

/** The counts the published view of `year` is made from, by key, 0 included: kept with a release, never served, to tell how far the year moved since. */
export function releaseCounts(all: readonly StatsResult[], year: number): Record<string, number> {
  const list = new FigureList();
  addView(list, '', resultsFor(all, year, 'all'));
  return Object.fromEntries(list.keys.map((key, i) => [key, list.counts[i]!]));
}
