/**
 * Bad input never answers 500: odd query strings and paths get 200, 404 or
 * 422. A real server fault answers 500 in the one error shape, without a
 * stack trace, and is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../server/platform/logger';
import { getJson, stubDatabase, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';

const WEIRD_QUERIES = [
  '?for=',
  '?for=,,,',
  '?for=%2C',
  '?for[]=community',
  '?for=community&for=community&for=freemasons',
  `?for=${'community,'.repeat(2000)}`,
  `?for=${'x'.repeat(20_000)}`,
  '?date=',
  '?date=today&date=today',
  '?date=%F0%9F%98%80',
  '?location=',
  '?location=%20%20%20',
  '?location=%F0%9F%98%80%20Caf%C3%A9',
  '?location=%E4%BC%A6%E6%95%A6',
  '?location=%',
  '?location=%ZZ',
  '?location=%E0%A4%A',
  '?location=%ED%A0%80',
  "?location=';%20DROP%20TABLE%20events;--",
  '?location=%5C',
  '?location=a&location=b',
  `?location=${'%C3%A9'.repeat(100)}`,
  `?location=${'a'.repeat(100_000)}`,
  `?${Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&')}`,
  '?=&&=',
  '?a[b][c]=d',
];

const WEIRD_PATHS = [
  '/api/events/%',
  '/api/events/%00',
  '/api/events/%ZZ',
  '/api/events/..%2f..%2fetc%2fpasswd',
  '/api/events/%F0%9F%98%80/slots',
  '/api/events/null',
  '/api/events/undefined/slots',
  `/api/events/${'9'.repeat(10_000)}`,
  '/api/events//slots',
  '/api//events',
  '/api/health/extra',
];

describe.each(ENGINES)('bad input on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [makeEvent({ city: 'Café Town', event_date: '2026-06-20' })]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(WEIRD_QUERIES)('GET /api/events%s is answered without a server error', async (query) => {
    const { status, body } = await getJson<{ error?: string }>(testApp({ db: test.db }), `/api/events${query}`);
    expect([200, 422]).toContain(status);
    if (status === 422) expect(body.error).toBe('invalid_query');
  });

  it.each(WEIRD_PATHS)('GET %s is answered without a server error', async (path) => {
    const { status } = await getJson(testApp({ db: test.db }), path);
    expect(status).toBeLessThan(500);
  });

  it('finds accented place names', async () => {
    const { body } = await getJson<{ events: unknown[] }>(
      testApp({ db: test.db, now: new Date('2026-06-01T12:00:00Z') }),
      '/api/events?location=caf%C3%A9',
    );
    expect(body.events).toHaveLength(1);
  });
});

describe('a real server fault', () => {
  const logged: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (message) => logged.push(message),
  };
  const broken = stubDatabase({ fails: new Error('connection terminated unexpectedly at /srv/secret/path.ts:12') });
  const app = testApp({ db: broken, logger });

  it('answers 500 in the error shape, with no stack or internals, and logs it', async () => {
    const { status, body } = await getJson<Record<string, unknown>>(app, '/api/events');
    expect(status).toBe(500);
    expect(body).toEqual({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    expect(JSON.stringify(body)).not.toMatch(/secret|stack|\.ts/);
    expect(logged).toEqual(['GET /api/events failed']);
  });

  it('tells the health probe the database is down with 503', async () => {
    const { status, body } = await getJson(app, '/api/health');
    expect(status).toBe(503);
    expect(body).toEqual({ error: 'unavailable', message: 'The database is not answering.' });
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const { status, body } = await getJson(app, '/api/bookings', { method: 'POST' });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'not_found', message: 'No API route POST /api/bookings' });
  });
});
