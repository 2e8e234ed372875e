/**
 * Two Publishes of a year at once from two server processes, with a late
 * result committed between them (docs/decisions/0035-statistics-releases-differencing.md).
 * The first has stored its release but not committed; the second, with one
 * result more, must wait for it and then be checked against it: made
 * against the earlier release alone, its figures would differ from the
 * first's by that one man. It leans on PostgreSQL: a transaction advisory
 * lock held until COMMIT, and READ COMMITTED reading the releases, after
 * the lock, as of then. PGlite is one process on one connection, where
 * the two cannot overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/adapter';
import { openPostgres } from '../../../platform/db/postgres';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { tooLittleChangedMessage } from '../../../../src/domain/statistics-releases';
import { createScreeningStatsService } from '../screening-stats-service';
import { addMan, addResult, COMMUNITY, LODGE, seedYear, WORKS, YEAR } from './year-figures-data';

const NOW = new Date('2026-03-02T10:00:00Z');
const ACTOR = { userId: '00000000-0000-4000-8000-000000000001', email: 'staff@example.org' };

describe.each(ENGINES)('two Publishes of a year at once on %s', (engine) => {
  let test: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    other = test.postgres ? await openPostgres(test.postgres.url, { schema: test.postgres.schema, max: 4 }) : test.db;
    await replaceEvents(test.db, [COMMUNITY, LODGE, WORKS]);
    await seedYear(test.db);
  }, 60_000);
  afterAll(async () => {
    if (other !== test?.db) await other?.close();
    await test?.dispose();
  });

  /** Six (or more) late results alike: green, 55, White British, at the lodge. */
  const lateAlike = async (db: Database, count: number) => {
    for (let i = 0; i < count; i++) await addResult(db, await addMan(db), { eventId: LODGE.event_id, sampleDate: '2025-10-10', value: '0.80', band: 'green' });
  };

  it.skipIf(engine !== 'postgres')('the second, one late result more, waits for the first and is refused against its release', async () => {
    await createScreeningStatsService(test.db, () => NOW).publish(ACTOR, YEAR);
    await lateAlike(test.db, 6);

    // The first process: its Publish is held after storing its release, before COMMIT.
    let stored: () => void = () => undefined;
    const hasStored = new Promise<void>((resolve) => (stored = resolve));
    let commit: () => void = () => undefined;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    const held: Database = {
      ...test.db,
      transaction: (fn) =>
        test.db.transaction((tx) =>
          fn({
            ...tx,
            async query(sql, params) {
              const answer = await tx.query(sql, params);
              if (sql.includes('INSERT INTO published_statistics')) {
                stored();
                await mayCommit;
              }
              return answer as never;
            },
          }),
        ),
    };
    const first = createScreeningStatsService(held, () => NOW).publish(ACTOR, YEAR);
    await hasStored;

    // One more alike comes in, so against the year's first release alone the second would pass (every figure moved by 7).
    await lateAlike(other, 1);
    let settled = false;
    const second = createScreeningStatsService(other, () => NOW).publish(ACTOR, YEAR);
    void second.then(() => (settled = true), () => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled, 'the second waits for the first to commit').toBe(false);

    commit();
    expect((await first).year).toBe(YEAR);
    await expect(second).rejects.toMatchObject({ status: 409, code: 'too_little_changed', message: tooLittleChangedMessage(YEAR) });
    const [{ releases }] = (await test.db.query<{ releases: number }>('SELECT count(*)::int AS releases FROM published_statistics WHERE year = $1', [YEAR])) as [{ releases: number }];
    expect(releases).toBe(2);
  });
});
