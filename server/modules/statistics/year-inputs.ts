/**
 * What a year's screening figures are computed from
 * (docs/decisions/0022-screening-statistics.md): the year's results with a
 * value, each with its member's age on the sample date and ethnicity and its
 * event's type, and the year's releases. Read by the staff views (through
 * year-figures-kept.ts) and by Publish, inside its transaction. Every table
 * read here is watched by migration 900's triggers: a new input read here
 * needs its trigger there, or kept figures would miss its changes.
 */
import { ageOn } from '../../../src/domain/age';
import { EVENT_CATEGORIES } from '../../../src/domain/event';
import { FOLLOW_UP_OUTCOMES } from '../../../src/domain/follow-up';
import { PSA_BANDS } from '../../../src/domain/psa-band';
import type { ScreeningFigures, StatsResult } from '../../../src/domain/screening-stats';
import type { Release } from '../../../src/domain/statistics-releases';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';

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
export async function resultsOfYear(q: Queryable, year: number): Promise<StatsResult[]> {
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

/** A release's figures (jsonb), stored exactly as screeningFigures computed them, and the counts they were made from (migration 945; none before it). */
const RELEASE_ROW = { figures: col.json(), counts: col.nullable(col.json()) };

/**
 * The year's releases, oldest first: Publish refuses a new one while a figure moved by 1 to 4 since one of them,
 * and a new release or a staff view keeps each one's look where a count stood still (src/domain/statistics-releases.ts).
 */
export async function releasesOf(q: Queryable, year: number): Promise<Release[]> {
  const rows = await rowsOf(
    q,
    RELEASE_ROW,
    'SELECT figures, counts FROM published_statistics WHERE year = $1 ORDER BY published_at, publication_id',
    [year],
  );
  return rows.map((row) => ({ figures: row.figures as ScreeningFigures, counts: row.counts as Release['counts'] }));
}
