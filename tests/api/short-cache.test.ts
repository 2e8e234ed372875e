/** The listing's short reuse: one query for many concurrent callers, fresh again after the TTL. */
import { describe, expect, it } from 'vitest';
import type { Row } from '../../server/platform/db/adapter';
import { FIRST_LIVE_HOLD_SQL } from '../../server/platform/http/ready-answers';
import { shortCache } from '../../server/platform/short-cache';
import { getJson, stubDatabase, testApp } from '../fixtures/app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('short cache', () => {
  it('shares one load among concurrent callers and loads again after the TTL', async () => {
    const cache = shortCache<number>(50);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await sleep(5);
      return loads;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache('k', load)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(await cache('other', load)).toBe(2);
    await sleep(60);
    expect(await cache('k', load)).toBe(3);
  });

  it('does not remember a failure', async () => {
    const cache = shortCache<string>(10_000);
    await expect(cache('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache('k', async () => 'up')).toBe('up');
  });

  it('keeps at most its bound of keys', async () => {
    const cache = shortCache<string>(10_000, 2);
    let loads = 0;
    const load = async () => String((loads += 1));
    await cache('a', load);
    await cache('b', load);
    await cache('c', load);
    expect(await cache('a', load)).toBe('4');
  });

  it('lets the listing answer many requests at once with one query, and its ready answer be built once', async () => {
    const queries: string[] = [];
    const db = stubDatabase();
    const counting = {
      ...db,
      query: async <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
        queries.push(sql === FIRST_LIVE_HOLD_SQL ? 'ready answer' : 'listing');
        return db.query<T>(sql, params);
      },
    };
    const app = testApp({ db: counting, listCacheMs: 1000 });
    // No Accept-Encoding, as a script or a monitor asks: served from the ready answers too.
    const answers = await Promise.all(Array.from({ length: 50 }, () => getJson(app, '/api/events')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One build for the fifty: each building request asks when the first live hold ends.
    expect(queries).toEqual(['listing', 'ready answer']);
    await getJson(app, '/api/events?for=community');
    expect(queries).toEqual(['listing', 'ready answer', 'listing', 'ready answer']);
  });
});
