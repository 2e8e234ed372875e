/**
 * The yearly screening figures from the database
 * (docs/decisions/0022-screening-statistics.md): every result with a value, its
 * member's age on the sample date and ethnicity, its event's type and the
 * follow-up staff recorded, computed by the one rule in
 * src/domain/screening-stats.ts (small numbers hidden). Publishing a year
 * stores the figures exactly as computed then, with an audit row, in one
 * transaction; only a year that is over (UK time) can be published, so no two
 * snapshots differ by one result that just came in. The public pages read the
 * latest snapshot of each published year.
 */
import { ageOn } from '../../../src/domain/age';
import { londonDate } from '../../../src/domain/london-time';
import { EVENT_CATEGORIES } from '../../../src/domain/event';
import { FOLLOW_UP_OUTCOMES } from '../../../src/domain/follow-up';
import { PSA_BANDS } from '../../../src/domain/psa-band';
import type { PublishedStatistics } from '../../../src/domain/published-statistics';
import { screeningFigures } from '../../../src/domain/screening-figures';
import { isPublishableYear, yearNotOverMessage, type EventTypeFilter, type ScreeningFigures, type StatsResult } from '../../../src/domain/screening-stats';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { ApiError } from '../../platform/http/errors';
import { recordAudit, type StaffActor } from '../staff';

export interface ScreeningStatsService {
  /** One view of the year, suppressed with every other view of it and against its releases. */
  figures(year: number, eventType: EventTypeFilter): Promise<ScreeningFigures>;
  /** The years with at least one result, newest first. */
  years(): Promise<number[]>;
  /** 409 year_not_over for this UK year (or a later one), 409 nothing_to_publish for a year without results. */
  publish(actor: StaffActor, year: number): Promise<PublishedStatistics>;
  /** The latest snapshot of each published year, newest year first. */
  published(): Promise<PublishedStatistics[]>;
}

/**
 * A result of the year with a value and a sample date (the statement selects only those); its event
 * (LEFT JOINs) may be unknown. The category and the outcome are the values their columns' CHECKs allow.
 */
const YEAR_RESULT_ROW = {
  profile_id: col.int(),
  event_id: col.nullable(col.text()),
  category: col.nullable(col.oneOf(EVENT_CATEGORIES)),
  sample_date: col.text(),
  test_result: col.text(),
  date_of_birth: col.nullable(col.text()),
  ethnicity: col.nullable(col.text()),
  follow_up_outcome: col.nullable(col.oneOf(FOLLOW_UP_OUTCOMES)),
  psa_band: col.nullable(col.oneOf(PSA_BANDS)),
};

// A result belongs to its event through the booking's history row (member_appointments, same id as the booking).
async function resultsOfYear(q: Queryable, year: number): Promise<StatsResult[]> {
  const rows = await rowsOf(
    q,
    YEAR_RESULT_ROW,
    `SELECT r.profile_id, e.event_id::text AS event_id, e.category, to_char(r.sample_date, 'YYYY-MM-DD') AS sample_date,
            r.test_result::text AS test_result, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.ethnicity, r.follow_up_outcome,
            r.psa_band
     FROM member_results r
     JOIN member_profiles p ON p.profile_id = r.profile_id
     LEFT JOIN member_appointments m ON m.appointment_id = r.appointment_id
     LEFT JOIN events e ON e.event_id = m.event_id
     WHERE r.test_result IS NOT NULL AND r.sample_date >= make_date($1, 1, 1) AND r.sample_date < make_date($1 + 1, 1, 1)`,
    [year],
  );
  return rows.map((row) => ({
    profileId: row.profile_id,
    eventId: row.event_id,
    eventType: row.category,
    sampleDate: row.sample_date,
    value: Number(row.test_result),
    age: row.date_of_birth ? ageOn(row.date_of_birth, row.sample_date) : null,
    ethnicity: row.ethnicity,
    followUp: row.follow_up_outcome,
    // The band the result was given when saved, by its rule version (docs/rules.md#clinical-rules).
    band: row.psa_band,
  }));
}

/** A release's figures (jsonb), stored exactly as screeningFigures computed them. */
const RELEASE_ROW = { figures: col.json() };

/** The year's releases, oldest first: a new release or a staff view hides any figure that moved by 1 to 4 since one of them. */
async function releasesOf(q: Queryable, year: number): Promise<ScreeningFigures[]> {
  const rows = await rowsOf(
    q,
    RELEASE_ROW,
    'SELECT figures FROM published_statistics WHERE year = $1 ORDER BY published_at, publication_id',
    [year],
  );
  return rows.map((row) => row.figures as ScreeningFigures);
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

export function createScreeningStatsService(db: Database, now: () => Date): ScreeningStatsService {
  return {
    async figures(year, eventType) {
      const [results, releases] = await Promise.all([resultsOfYear(db, year), releasesOf(db, year)]);
      return screeningFigures(results, year, eventType, releases);
    },

    async years() {
      const rows = await rowsOf(
        db,
        YEAR_ROW,
        `SELECT DISTINCT extract(year FROM sample_date)::integer AS year FROM member_results
         WHERE test_result IS NOT NULL AND sample_date IS NOT NULL ORDER BY year DESC`,
      );
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
        // The all-types view, suppressed with the type views staff can set beside it and against every earlier release of the year.
        const figures = screeningFigures(results, year, 'all', await releasesOf(tx, year));
        const at = now();
        const row = await rowOf(
          tx,
          PUBLISHED_NEW_ROW,
          `INSERT INTO published_statistics (year, figures, published_at, staff_user_id, staff_email)
           VALUES ($1, $2::jsonb, $3, $4::uuid, $5) RETURNING publication_id::text AS publication_id, year, figures, published_at`,
          [year, JSON.stringify(figures), at, actor.userId, actor.email],
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
