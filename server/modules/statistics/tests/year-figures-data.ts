/**
 * A year of results written straight into the tables, as a lab import, a
 * script or psql would (the kept figures must follow every writer, not
 * only the API's), a handle that counts the statements computing a year's
 * figures, and the figures computed afresh to compare a read with.
 */
import { yearFigures } from '../../../../src/domain/screening-figures';
import type { Database, Queryable, Row } from '../../../../server/platform/db/adapter';
import { makeEvent } from '../../../../tests/fixtures/events';
import { releasesOf, resultsOfYear } from '../year-inputs';

export const YEAR = 2025;
export const COMMUNITY = makeEvent({ event_name: 'Community Screening', event_date: '2025-06-14' });
export const LODGE = makeEvent({ event_name: 'Lodge Screening', category: 'freemasons', event_date: '2025-06-15' });
export const WORKS = makeEvent({ event_name: 'Works Screening', category: 'corporate', event_date: '2025-06-16' });
export const WHITE = 'White - British';
export const INDIAN = 'Asian or Asian British - Indian';

/** A man of 55 in 2025, unless born on another day. */
export async function addMan(db: Queryable, { born = '1970-01-01', ethnicity = WHITE as string | null } = {}): Promise<number> {
  const [row] = await db.query<{ profile_id: number }>(
    `INSERT INTO member_profiles (user_id, first_name, last_name, date_of_birth, ethnicity, phone, email, home_address)
     VALUES (gen_random_uuid(), 'Test', 'Man', $1::date, $2, '447700900123', 'man@example.org', '1 High Street') RETURNING profile_id`,
    [born, ethnicity],
  );
  return row!.profile_id;
}

export interface ResultInput {
  eventId: string | null;
  sampleDate: string;
  value: string;
  band: 'green' | 'amber' | 'red';
  followUp?: string;
}

/** His result with the history row of his booking; resolves to that row's id. */
export async function addResult(db: Queryable, profileId: number, result: ResultInput): Promise<string> {
  const [visit] = await db.query<{ appointment_id: string }>(
    `INSERT INTO member_appointments (profile_id, event_id, event_name, event_date) VALUES ($1, $2::uuid, 'Screening', $3::date) RETURNING appointment_id::text`,
    [profileId, result.eventId, result.sampleDate],
  );
  await db.query(
    `INSERT INTO member_results (profile_id, appointment_id, test_result, test_unit, sample_date, psa_band, rule_version, follow_up_outcome)
     VALUES ($1, $2::uuid, $3::numeric, 'ng/ml', $4::date, $5, 1, $6)`,
    [profileId, visit!.appointment_id, result.value, result.sampleDate, result.band, result.followUp ?? null],
  );
  return visit!.appointment_id;
}

/** At each event twenty men: ten green, six amber (two followed up) and four red. */
export async function seedYear(db: Queryable): Promise<Map<string, string[]>> {
  const visits = new Map<string, string[]>();
  for (const event of [COMMUNITY, LODGE, WORKS]) {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const band = i < 10 ? 'green' : i < 16 ? 'amber' : 'red';
      const value = { green: '1.00', amber: '2.50', red: '5.00' }[band];
      const followUp = i === 10 || i === 11 ? 'referred' : undefined;
      ids.push(await addResult(db, await addMan(db), { eventId: event.event_id, sampleDate: event.event_date, value, band, ...(followUp ? { followUp } : {}) }));
    }
    visits.set(event.event_id, ids);
  }
  return visits;
}

/** Every view of `year` computed now from the tables, as Publish computes them. */
export async function freshViews(db: Queryable, year = YEAR) {
  return yearFigures(await resultsOfYear(db, year), year, await releasesOf(db, year));
}

/** Statements that read a year's results (year-inputs.ts): one per computation. */
const COMPUTES = /JOIN member_profiles p ON p\.profile_id = r\.profile_id/;

export interface Counted {
  db: Database;
  /** How many times the year's results were read through `db`. */
  computations(): number;
  /** Runs once, as soon as a computation has read the year: a change committed before its figures are kept. */
  afterReading(hook: () => Promise<void>): void;
}

/** `db` with its computations counted, as one server process's handle. */
export function counted(db: Database): Counted {
  let computations = 0;
  let hook: (() => Promise<void>) | null = null;
  const watch = (q: Queryable, read?: () => void): Queryable['query'] => async <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
    if (COMPUTES.test(sql)) {
      computations += 1;
      read?.();
    }
    return q.query<T>(sql, params);
  };
  return {
    db: {
      ...db,
      query: watch(db),
      async transaction(fn) {
        let read = false;
        const result = await db.transaction((tx) => fn({ ...tx, query: watch(tx, () => (read = true)) }));
        const run = hook;
        if (read && run) {
          hook = null;
          await run();
        }
        return result;
      },
    },
    computations: () => computations,
    afterReading: (run) => void (hook = run),
  };
}
