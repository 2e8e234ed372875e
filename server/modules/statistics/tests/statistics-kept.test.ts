/**
 * The staff figures kept between changes
 * (docs/decisions/0030-statistics-kept-between-changes.md), on both engines:
 * a repeated read, on this server process or another, computes nothing;
 * every kind of change that can move a figure, made by any writer, shows in
 * the next read of every process, which equals the figures computed afresh;
 * a change that commits while the figures are being computed is not lost;
 * and writers committing at once all count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPE_FILTERS, type ScreeningFigures } from '../../../../src/domain/screening-stats';
import { releaseCounts } from '../../../../src/domain/screening-figures';
import type { Database, Queryable } from '../../../../server/platform/db/adapter';
import { openPostgres } from '../../../../server/platform/db/postgres';
import { jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { createScreeningStatsService, type ScreeningStatsService } from '../screening-stats-service';
import { resultsOfYear } from '../year-inputs';
import { addMan, addResult, COMMUNITY, counted, freshViews, INDIAN, LODGE, seedYear, WORKS, YEAR, type Counted } from './year-figures-data';

const NOW = new Date('2026-03-02T10:00:00Z');

/** Every view of the year as a staff member reads them, one request each. */
async function views(stats: ScreeningStatsService, year = YEAR) {
  const read = await Promise.all(EVENT_TYPE_FILTERS.map((type) => stats.figures(year, type)));
  return Object.fromEntries(EVENT_TYPE_FILTERS.map((type, i) => [type, read[i]])) as Record<(typeof EVENT_TYPE_FILTERS)[number], ScreeningFigures>;
}

describe.each(ENGINES)('statistics kept between changes on %s', (engine) => {
  let test: TestDatabase;
  /** A second server process: its own handle over the same database (PGlite has one process: the same handle). */
  let other: Database;
  let a: Counted;
  let b: Counted;
  let statsA: ScreeningStatsService;
  let statsB: ScreeningStatsService;
  let visits: Map<string, string[]>;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    other = test.postgres ? await openPostgres(test.postgres.url, { schema: test.postgres.schema, max: 4 }) : test.db;
    a = counted(test.db);
    b = counted(other);
    statsA = createScreeningStatsService(a.db, () => NOW);
    statsB = createScreeningStatsService(b.db, () => NOW);
    await replaceEvents(test.db, [COMMUNITY, LODGE, WORKS]);
    visits = await seedYear(test.db);
  }, 60_000);
  afterAll(async () => {
    if (other !== test?.db) await other?.close();
    await test?.dispose();
  });

  it('compute the year once for every view, and never again until it changes, on this process or another', async () => {
    const first = await views(statsA);
    expect(first).toEqual(await freshViews(test.db));
    expect(first.all.tests).toEqual({ count: 60 });
    expect(a.computations()).toBe(1);
    expect(await views(statsA)).toEqual(first);
    expect(await statsA.years()).toEqual([YEAR]);
    expect(a.computations()).toBe(1);
    expect(await views(statsB)).toEqual(first);
    expect(b.computations(), 'the other process reads what the first kept').toBe(0);
  });

  it('keep them through changes no figure depends on', async () => {
    const before = a.computations();
    await test.db.query("UPDATE member_results SET recall_invited_at = now(), comments = 'seen'");
    // A profile saved with the same date of birth and ethnicity, and a new phone number.
    await test.db.query("UPDATE member_profiles SET date_of_birth = date_of_birth, ethnicity = ethnicity, phone = '447700900999'");
    await test.db.query("UPDATE events SET event_name = event_name || ' (moved hall)'");
    await views(statsA);
    expect(a.computations()).toBe(before);
  });

  const visit = (event: { event_id: string }, i: number) => visits.get(event.event_id)![i]!;
  const profileOf = async (db: Queryable, appointmentId: string) =>
    (await db.query<{ profile_id: number }>('SELECT profile_id FROM member_results WHERE appointment_id = $1::uuid', [appointmentId]))[0]!.profile_id;

  /** A release of the year as it stands, but for its men screened, hidden: the staff views keep that look while the count stands still. */
  async function releaseHidingMen(db: Queryable) {
    const { all } = await freshViews(db);
    const release = { ...all, men_screened: { hidden: true } };
    await db.query(
      `INSERT INTO published_statistics (year, figures, counts, published_at, staff_user_id, staff_email)
       VALUES ($1, $2::jsonb, $3::jsonb, now(), gen_random_uuid(), 'staff@example.org')`,
      [YEAR, JSON.stringify(release), JSON.stringify(releaseCounts(await resultsOfYear(db, YEAR), YEAR))],
    );
  }

  /** Each change is made through the other process's handle, as its staff, a job or psql would. */
  const CHANGES: Array<[string, (db: Queryable) => Promise<unknown>]> = [
    ['a new result', async (db) => addResult(db, await addMan(db), { eventId: COMMUNITY.event_id, sampleDate: '2025-06-14', value: '0.80', band: 'green' })],
    ["a result's value and band corrected", (db) => db.query("UPDATE member_results SET test_result = 9.00, psa_band = 'red' WHERE appointment_id = $1::uuid", [visit(COMMUNITY, 0)])],
    ['a follow-up outcome recorded', (db) => db.query("UPDATE member_results SET follow_up_outcome = 'referred', follow_up_recorded_at = now() WHERE appointment_id = $1::uuid", [visit(LODGE, 12)])],
    ["a man's date of birth (55 to 75)", async (db) => db.query("UPDATE member_profiles SET date_of_birth = '1950-01-01' WHERE profile_id = $1", [await profileOf(db, visit(WORKS, 1))])],
    ["a man's ethnicity", async (db) => db.query('UPDATE member_profiles SET ethnicity = $2 WHERE profile_id = $1', [await profileOf(db, visit(WORKS, 2)), INDIAN])],
    ["an event's category", (db) => db.query("UPDATE events SET category = 'corporate' WHERE event_id = $1::uuid", [COMMUNITY.event_id])],
    ["a booking's history moved to another event", (db) => db.query('UPDATE member_appointments SET event_id = $2::uuid WHERE appointment_id = $1::uuid', [visit(WORKS, 3), LODGE.event_id])],
    ['an event removed (its results are at no listed event)', (db) => db.query('DELETE FROM events WHERE event_id = $1::uuid', [WORKS.event_id])],
    ['a man erased (his results go with him)', async (db) => db.query('DELETE FROM member_profiles WHERE profile_id = $1', [await profileOf(db, visit(LODGE, 4))])],
    ["a booking's history removed (its result is at no listed event)", (db) => db.query('DELETE FROM member_appointments WHERE appointment_id = $1::uuid', [visit(LODGE, 5)])],
    ['a new release of the year, which hid its men screened', releaseHidingMen],
  ];

  it.each(CHANGES)('show %s in the next read of every process', async (_, change) => {
    const before = await views(statsA);
    await views(statsB);
    await change(other);
    const fresh = await freshViews(test.db);
    expect(fresh, 'the change moves a figure').not.toEqual(before);
    expect(await views(statsA)).toEqual(fresh);
    expect(await views(statsB)).toEqual(fresh);
  });

  it('show a result moved to another year in both years and in the list of years', async () => {
    const [before2024, before2025] = [await views(statsA, 2024), await views(statsA, YEAR)];
    expect(before2024.all.tests).toEqual({ hidden: true });
    await other.query("UPDATE member_results SET sample_date = '2024-11-30' WHERE appointment_id = $1::uuid", [visit(COMMUNITY, 6)]);
    expect(await views(statsA, 2024)).toEqual(await freshViews(test.db, 2024));
    expect(await views(statsA, 2024)).not.toEqual(before2024);
    expect(await views(statsA, YEAR)).toEqual(await freshViews(test.db, YEAR));
    expect(await views(statsA, YEAR)).not.toEqual(before2025);
    expect(await statsB.years()).toEqual([YEAR, 2024]);
  });

  /** A's next read computes: a result added; `during` runs after it has read the year, before it keeps the figures. */
  async function raced(during: () => Promise<void>) {
    const before = await views(statsA);
    await addResult(other, await addMan(other), { eventId: LODGE.event_id, sampleDate: '2025-06-15', value: '1.10', band: 'green' });
    a.afterReading(during);
    const read = await views(statsA);
    expect(read).not.toEqual(before);
    const after = await freshViews(test.db);
    expect(after, 'the change moves a figure').not.toEqual(read);
    return after;
  }
  const correct = async (db: Queryable, i: number) => void await db.query("UPDATE member_results SET psa_band = 'amber', test_result = 2.60 WHERE appointment_id = $1::uuid", [visit(LODGE, i)]);

  it('never keep figures as current when a change commits while they are being computed', async () => {
    const after = await raced(() => correct(other, 7));
    expect(await views(statsA)).toEqual(after);
    expect(await views(statsB)).toEqual(after);
  });

  it('never keep older figures over newer ones', async () => {
    let newer: unknown;
    const after = await raced(async () => {
      await correct(other, 8);
      newer = await views(statsB);
    });
    expect(newer).toEqual(after);
    const computed = a.computations() + b.computations();
    expect(await views(statsA)).toEqual(after);
    expect(await views(statsB)).toEqual(after);
    expect(a.computations() + b.computations(), "B's newer figures stay kept").toBe(computed);
  });

  it('are computed again by the refresh job when their year changed, so the next read of any process computes nothing', async () => {
    await views(statsA, 2024);
    await views(statsA);
    await addResult(other, await addMan(other), { eventId: WORKS.event_id, sampleDate: '2025-07-01', value: '0.70', band: 'green' });
    // The app registers what each job does; the schedule sends this one every minute.
    testApp({ db: a.db, now: NOW });
    await jobsFor(a.db).send(a.db, 'statistics_refresh', {});
    const [computedA, computedB] = [a.computations(), b.computations()];
    expect(await runJobs(a.db)).toBe(1);
    expect(a.computations(), 'only 2025 changed').toBe(computedA + 1);
    expect(await views(statsB)).toEqual(await freshViews(test.db));
    expect(await views(statsB, 2024)).toEqual(await freshViews(test.db, 2024));
    expect(b.computations()).toBe(computedB);
  });

  it('keep nothing while the generation row is gone (removed by hand), and count every year changed once a change puts it back', async () => {
    await views(statsA, 2024);
    await views(statsA);
    await other.query('DELETE FROM statistics_generation');
    let computed = a.computations();
    expect(await views(statsA)).toEqual(await freshViews(test.db));
    expect(await views(statsA)).toEqual(await freshViews(test.db));
    expect(a.computations(), 'each read computes').toBe(computed + 2);
    await addResult(other, await addMan(other), { eventId: LODGE.event_id, sampleDate: '2025-08-01', value: '0.60', band: 'green' });
    computed = a.computations();
    expect(await views(statsA, 2024)).toEqual(await freshViews(test.db, 2024));
    expect(await views(statsA)).toEqual(await freshViews(test.db));
    expect(a.computations(), 'both years computed again, then kept').toBe(computed + 2);
    await views(statsA);
    expect(a.computations()).toBe(computed + 2);
  });

  it('count a TRUNCATE (a restore, by hand) as a change to every year', async () => {
    await releaseHidingMen(other);
    const before = await views(statsA);
    expect(before.all.men_screened, 'kept hidden while its count stands still').toEqual({ hidden: true });
    await views(statsA, 2024);
    await other.query('TRUNCATE published_statistics');
    const computed = a.computations();
    const after = await views(statsA);
    expect(after, "the year's release is gone").not.toEqual(before);
    expect(after).toEqual(await freshViews(test.db));
    expect(await views(statsA, 2024)).toEqual(await freshViews(test.db, 2024));
    expect(a.computations(), 'both years computed again').toBe(computed + 2);
  });

  it.skipIf(engine !== 'postgres')('count every writer that commits at the same time as the others', async () => {
    await views(statsA);
    const men = await Promise.all(visits.get(COMMUNITY.event_id)!.slice(12, 20).map((id) => profileOf(test.db, id)));
    // Each writer changes a man and adds a result in one transaction, over both processes' connections at once.
    await Promise.all(
      men.map((profileId, i) =>
        (i % 2 ? other : test.db).transaction(async (tx) => {
          await tx.query('UPDATE member_profiles SET ethnicity = $2 WHERE profile_id = $1', [profileId, INDIAN]);
          await addResult(tx, profileId, { eventId: LODGE.event_id, sampleDate: '2025-09-01', value: '1.20', band: 'green' });
        }),
      ),
    );
    expect(await views(statsB)).toEqual(await freshViews(test.db));
    expect(await views(statsA)).toEqual(await freshViews(test.db));
  });
});
