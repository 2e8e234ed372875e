/**
 * A year's staff figures, kept between changes
 * (docs/decisions/0030-statistics-kept-between-changes.md). Computing them
 * reads every result of the year and runs the small-number rule over every
 * view at once, which takes seconds at a national programme's size; the
 * figures only move when a result, a member's age or ethnicity, an event's
 * type or a release does.
 *
 * Migration 900's triggers give each committed change that can move a year
 * the next generation, recorded against that year, in the change's own
 * transaction. A read uses the year's kept figures when they were computed
 * at a generation no older than the year's last change; otherwise it
 * computes them from one snapshot (the generation and every input read
 * together), and keeps them with that generation unless figures of a newer
 * one are already kept. A change that commits while they are being computed
 * has a later generation, so what was computed is never taken as current
 * after it. The kept figures live in the database, so every server process
 * shares them and sees the same changes. Once a minute the refresh job
 * (statistics-refresh-job.ts) computes again each kept year that has
 * changed, so a read seldom waits for the computation.
 */
import { yearFigures } from '../../../src/domain/screening-figures';
import type { EventTypeFilter, ScreeningFigures } from '../../../src/domain/screening-stats';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { releasesOf, resultsOfYear } from './year-inputs';

/**
 * The version of the computation figures were kept by. Raise it with any change to what
 * src/domain/screening-figures.ts (or the small-number rule under it) gives for the same results:
 * figures kept by another version are never read. tests/unit/figures-rule.test.ts fails until it is raised.
 */
export const FIGURES_RULE = 2;

/** Every event-type view of a year: they are suppressed together, so they are computed and kept together. */
export type YearViews = Record<EventTypeFilter, ScreeningFigures>;

export interface KeptYearFigures {
  /** The year's views as of now: kept when nothing that moves them has changed since, else computed and kept. */
  of(year: number): Promise<YearViews>;
  /** Computes again every year kept and changed since, so staff reading it next wait for nothing; resolves to those years. */
  refresh(): Promise<number[]>;
}

/** The generation now, the year's last change, and the year's kept figures with the generation they were computed at. */
const KEPT_ROW = {
  current: col.int(),
  changed: col.int(),
  kept_at: col.nullable(col.int()),
  figures: col.nullable(col.json()),
};

const KEPT_SQL = `
  SELECT g.generation AS current,
    greatest(g.every_year_since, coalesce((SELECT c.generation FROM statistics_year_changes c WHERE c.year = $1), 0)) AS changed,
    f.generation AS kept_at, f.figures
  FROM statistics_generation g
  LEFT JOIN statistics_year_figures f ON f.year = $1 AND f.rule = $2`;

const GENERATION_ROW = { generation: col.int() };

/** The years whose kept figures (this rule's) are older than their last change. */
const STALE_SQL = `
  SELECT f.year FROM statistics_year_figures f
  CROSS JOIN statistics_generation g
  LEFT JOIN statistics_year_changes c ON c.year = f.year
  WHERE f.rule = $1 AND f.generation < greatest(g.every_year_since, coalesce(c.generation, 0))
  ORDER BY f.year DESC`;

const YEAR_ROW = { year: col.int() };

export function keptYearFigures(db: Database): KeptYearFigures {
  // Computations under way in this process, by year, with the generation current when each was asked for.
  const underWay = new Map<number, { from: number; views: Promise<YearViews> }>();
  // The last figures this process computed of each year, and the generation they are of: what it kept.
  const computed = new Map<number, { generation: number; views: YearViews }>();

  async function compute(year: number): Promise<YearViews> {
    const read = await db.transaction(async (tx) => {
      // One snapshot for the generation and every input: the figures are exactly those of that generation.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const at = await rowOf(tx, GENERATION_ROW, 'SELECT generation FROM statistics_generation');
      return { generation: at?.generation, results: await resultsOfYear(tx, year), releases: await releasesOf(tx, year) };
    });
    const views = yearFigures(read.results, year, read.releases);
    // Without the generation row (removed by hand; the next change puts it back) nothing is kept.
    if (read.generation === undefined) return views;
    const last = computed.get(year);
    if (!last || last.generation <= read.generation) computed.set(year, { generation: read.generation, views });
    await db.query(
      `INSERT INTO statistics_year_figures (year, rule, generation, figures) VALUES ($1, $2, $3, $4::json)
       ON CONFLICT (year, rule) DO UPDATE SET generation = EXCLUDED.generation, figures = EXCLUDED.figures, computed_at = now()
       WHERE statistics_year_figures.generation < EXCLUDED.generation`,
      [year, FIGURES_RULE, read.generation, JSON.stringify(views)],
    );
    return views;
  }

  async function of(year: number): Promise<YearViews> {
    const kept = await rowOf(db, KEPT_ROW, KEPT_SQL, [year, FIGURES_RULE]);
    if (kept && kept.kept_at !== null && kept.kept_at >= kept.changed) return kept.figures as YearViews;
    // A computation here that ended after that read began (its figures not yet kept when read) serves as well, on the same test.
    const done = computed.get(year);
    if (kept && done && done.generation >= kept.changed) return done.views;
    // Two staff opening the same year at once share one computation, when it began at their generation or later.
    const from = kept?.current ?? 0;
    const joined = underWay.get(year);
    if (joined && joined.from >= from) return joined.views;
    const entry = { from, views: compute(year) };
    underWay.set(year, entry);
    try {
      return await entry.views;
    } finally {
      if (underWay.get(year) === entry) underWay.delete(year);
    }
  }

  return {
    of,
    async refresh() {
      const stale = (await rowsOf(db, YEAR_ROW, STALE_SQL, [FIGURES_RULE])).map((row) => row.year);
      for (const year of stale) await of(year);
      return stale;
    },
  };
}
