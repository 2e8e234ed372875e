/**
 * The figures the public pages show (/information-hub/statistics and the
 * research summary): the charity's typed-in figures for 2023 and 2024 (in
 * src/content/pages/research.ts), and the latest snapshot staff published
 * from the database of each year, which takes the place of the typed-in
 * figures of that year (docs/decisions/0022-screening-statistics.md).
 */
import type { publishedStatisticsSchema } from './published-statistics-answer';
import type { z } from './schema-kit';
import type { ScreeningFigures } from './screening-stats';
import { shownText, type Shown } from './small-numbers';

/** One year's latest snapshot; GET /api/statistics/published gives each published year's, newest year first (declared once in ./published-statistics-answer). */
export type PublishedStatistics = z.output<typeof publishedStatisticsSchema>;

export interface YearFigures {
  year: number;
  lines: string[];
  /** True when the lines come from a published snapshot of the database. */
  fromData: boolean;
  /** When that snapshot was published (ISO instant); null for a typed-in year. */
  publishedAt: string | null;
}

/** "84 men screened", or "men screened: not shown" for a hidden figure (its words say nothing of its size). */
const counted = (shown: Shown, one: string, many: string) =>
  'hidden' in shown ? `${many}: ${shownText(shown)}` : `${shownText(shown)} ${shown.count === 1 ? one : many}`;

/** A snapshot's figures as the lines of a public page. */
export function publishedLines(figures: ScreeningFigures): string[] {
  const { follow_up: f } = figures;
  const cancers = 'hidden' in f.cancers || f.cancers.count === 0 || 'hidden' in f.radical || 'hidden' in f.surveillance
    ? counted(f.cancers, 'cancer found after follow-up', 'cancers found after follow-up')
    : `${counted(f.cancers, 'cancer', 'cancers')}: ${shownText(f.radical)} radical treatment, ${shownText(f.surveillance)} surveillance`;
  return [
    counted(figures.men_screened, 'man screened', 'men screened'),
    counted(figures.tests, 'test', 'tests'),
    `at ${figures.events} screening ${figures.events === 1 ? 'event' : 'events'}`,
    `${counted(figures.abnormal, 'abnormal result', 'abnormal results')}${figures.abnormal_rate ? ` (${figures.abnormal_rate})` : ''}`,
    cancers,
  ];
}

/**
 * The years a public page lists, newest first: each published year from
 * its latest snapshot, the others as typed in (src/content/pages/research.ts).
 */
export function publicYears(published: readonly PublishedStatistics[] | null | undefined, typedIn: readonly { year: number; lines: readonly string[] }[]): YearFigures[] {
  const fromData = new Map<number, YearFigures>();
  // Newest snapshot of a year wins, whatever order they come in.
  for (const p of published ?? []) {
    const seen = fromData.get(p.year);
    if (!seen || seen.publishedAt! < p.published_at) fromData.set(p.year, { year: p.year, lines: publishedLines(p.figures), fromData: true, publishedAt: p.published_at });
  }
  const typed = typedIn.filter((y) => !fromData.has(y.year)).map((y) => ({ year: y.year, lines: [...y.lines], fromData: false, publishedAt: null }));
  return [...fromData.values(), ...typed].sort((a, b) => b.year - a.year);
}
