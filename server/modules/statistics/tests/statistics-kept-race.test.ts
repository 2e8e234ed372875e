/**
 * Two staff opening the same year at once, where the second's look at the
 * kept figures is answered slowly: it reads "not kept" from before the
 * first's computation stored them, and looks for a computation under way
 * only after the first has ended. The figures the first computed are then
 * as current as the kept row it wrote, so the second takes them and the
 * year is computed once (year-figures-kept.ts). Seen on a loaded machine
 * with two pooled connections; here the slow answer is held on purpose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/adapter';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { keptYearFigures } from '../year-figures-kept';
import { COMMUNITY, counted, freshViews, LODGE, seedYear, WORKS, YEAR } from './year-figures-data';

/** The look at the kept figures (KEPT_SQL in year-figures-kept.ts). */
const LOOKS_AT_KEPT = /LEFT JOIN statistics_year_figures f ON f\.year = \$1/;

describe.each(ENGINES)('the same year opened twice at once, the second look answered late, on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [COMMUNITY, LODGE, WORKS]);
    await seedYear(test.db);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('computes the year once, and both staff get the same figures', async () => {
    const watched = counted(test.db);
    let looks = 0;
    let releaseSecond: () => void = () => undefined;
    const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
    const db: Database = {
      ...watched.db,
      async query(sql, params) {
        const answer = await watched.db.query(sql, params);
        // The second look has its answer, from before the first kept anything, but is held until the first is done.
        if (LOOKS_AT_KEPT.test(sql) && (looks += 1) === 2) await secondHeld;
        return answer as never;
      },
    };
    const kept = keptYearFigures(db);
    const first = kept.of(YEAR);
    const second = kept.of(YEAR);
    const firstViews = await first;
    releaseSecond();
    const secondViews = await second;
    expect(secondViews).toEqual(firstViews);
    expect(firstViews.all).toEqual((await freshViews(test.db)).all);
    expect(watched.computations()).toBe(1);
  });
});
