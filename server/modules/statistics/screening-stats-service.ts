/**
 * The yearly screening figures from the database
 * (docs/decisions/0022-screening-statistics.md): every result with a value, its
 * member's age on the sample date and ethnicity, its event's type and the
 * follow-up staff recorded, computed by the one rule in
 * src/domain/screening-stats.ts (small numbers hidden). The staff views read
 * a year's figures kept between changes (year-figures-kept.ts); Publishing
 * computes them afresh in its transaction and
 * stores the figures exactly as computed then, and the counts they were made
 * from, with an audit row, in one transaction; only a year that is over (UK
 * time) can be published, so no two snapshots differ by one result that just
 * came in, and a year is published again only when every figure that changed
 * since each earlier release changed by 5 or more
 * (docs/decisions/0035-statistics-releases-differencing.md), so no two
 * differ by one result that came in late. The public pages read the latest
 * snapshot of each published year.
 */
import { londonDate } from '../../../src/domain/london-time';
import type { PublishedStatistics } from '../../../src/domain/published-statistics';
import { releaseCounts, screeningFigures } from '../../../src/domain/screening-figures';
import { isPublishableYear, yearNotOverMessage, type EventTypeFilter, type ScreeningFigures } from '../../../src/domain/screening-stats';
import { smallChanges, tooLittleChangedMessage } from '../../../src/domain/statistics-releases';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { ApiError } from '../../platform/http/errors';
import { recordAudit, type StaffActor } from '../staff';
import { keptYearFigures } from './year-figures-kept';
import { releasesOf, resultsOfYear } from './year-inputs';

export interface ScreeningStatsService {
  /** One view of the year, suppressed with every other view of it and against its releases. */
  figures(year: number, eventType: EventTypeFilter): Promise<ScreeningFigures>;
  /** The years with at least one result, newest first. */
  years(): Promise<number[]>;
  /**
   * 409 year_not_over for this UK year (or a later one), 409 nothing_to_publish for a year without results,
   * 409 too_little_changed while a figure moved by 1 to 4 since an earlier release of the year.
   */
  publish(actor: StaffActor, year: number): Promise<PublishedStatistics>;
  /** The latest snapshot of each published year, newest year first. */
  published(): Promise<PublishedStatistics[]>;
}

/** A published snapshot: its figures (jsonb) as screeningFigures computed them. */
const PUBLISHED_ROW = { year: col.int(), figures: col.json(), published_at: col.instant() };
const PUBLISHED_NEW_ROW = { publication_id: col.text(), ...PUBLISHED_ROW };

const asPublished = (row: RowOf<typeof PUBLISHED_ROW>): PublishedStatistics => ({
  year: row.year,
  published_at: row.published_at.toISOString(),
  figures: row.figures as ScreeningFigures,
});

const YEAR_ROW = { year: col.int() };

/**
 * The years with results, newest first: from the newest sample date, each step the newest before the
 * year found (one probe of migration 900's index a year), so its cost follows the years, not the results.
 */
const YEARS_WITH_RESULTS = `
  WITH RECURSIVE found (sample_date) AS (
    (SELECT sample_date FROM member_results WHERE test_result IS NOT NULL AND sample_date IS NOT NULL ORDER BY sample_date DESC LIMIT 1)
    UNION ALL
    SELECT (SELECT r.sample_date FROM member_results r
            WHERE r.test_result IS NOT NULL AND r.sample_date IS NOT NULL
              AND r.sample_date < make_date(extract(year FROM f.sample_date)::integer, 1, 1)
            ORDER BY r.sample_date DESC LIMIT 1)
    FROM found f WHERE f.sample_date IS NOT NULL
  )
  SELECT extract(year FROM sample_date)::integer AS year FROM found WHERE sample_date IS NOT NULL ORDER BY year DESC`;

export function createScreeningStatsService(db: Database, now: () => Date): ScreeningStatsService {
  const kept = keptYearFigures(db);
  return {
    async figures(year, eventType) {
      return (await kept.of(year))[eventType];
    },

    async years() {
      const rows = await rowsOf(db, YEAR_ROW, YEARS_WITH_RESULTS);
      return rows.map((row) => row.year);
    },

    publish(actor, year) {
      const thisYear = Number(londonDate(now()).slice(0, 4));
      // A year still running changes with every result: two snapshots of it a result apart would show that one man's band.
      if (!isPublishableYear(year, thisYear)) throw new ApiError(409, 'year_not_over', yearNotOverMessage(year));
      return db.transaction(async (tx) => {
        // One Publish of a year at a time, so each release is made against every one before it.
        await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':statistics.publish:' || $1::text))", [year]);
        const results = await resultsOfYear(tx, year);
        // A year with no results would replace the charity's typed-in figures for it with zeros (docs/rules.md#publishing-statistics).
        if (results.length === 0) throw new ApiError(409, 'nothing_to_publish', `There are no results for ${year} to publish.`);
        const releases = await releasesOf(tx, year);
        const counts = releaseCounts(results, year);
        // Set beside an earlier release, a figure moved by 1 to 4 could name the man whose result came in late, was corrected or erased.
        if (smallChanges(counts, releases).length > 0) throw new ApiError(409, 'too_little_changed', tooLittleChangedMessage(year));
        // The all-types view, suppressed with the type views staff can set beside it, as each earlier release showed it where a count stood still.
        const figures = screeningFigures(results, year, 'all', releases);
        const at = now();
        const row = await rowOf(
          tx,
          PUBLISHED_NEW_ROW,
          `INSERT INTO published_statistics (year, figures, counts, published_at, staff_user_id, staff_email)
           VALUES ($1, $2::jsonb, $3::jsonb, $4, $5::uuid, $6) RETURNING publication_id::text AS publication_id, year, figures, published_at`,
          [year, JSON.stringify(figures), JSON.stringify(counts), at, actor.userId, actor.email],
        );
        await recordAudit(tx, actor, { action: 'statistics.publish', entity: 'statistics', entityId: String(year), before: null, after: { publication_id: row!.publication_id, figures } }, at);
        return asPublished(row!);
      });
    },

    async published() {
      const rows = await rowsOf(
        db,
        PUBLISHED_ROW,
        `SELECT DISTINCT ON (year) year, figures, published_at FROM published_statistics
         ORDER BY year DESC, published_at DESC, publication_id DESC`,
      );
      return rows.map(asPublished);
    },
  };
}
