/**
 * A burst of sign-ins is admitted a few at a time: the excess is answered
 * 429 before its body is read or the database is touched, and each one
 * finished lets in the next in the order they came.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionGate, PASSWORD_GATE } from '../password-gate';
import { closePasswordPool } from '../passwords';
import { API_VERSION } from '../auth-v1-routes';
import type { Database } from '../../../platform/db/adapter';
import { fromAddress, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { SUPABASE_HEADERS, uniqueEmail } from '../../../../tests/fixtures/members';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the admission gate', () => {
  it('lets in `active` at once, holds `waiting` in line, refuses the rest, and passes each place on in order', async () => {
    const gate = admissionGate({ active: 2, waiting: 2 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    const admitted: string[] = [];
    const third = gate.enter().then((release) => (admitted.push('third'), release));
    const fourth = gate.enter().then((release) => (admitted.push('fourth'), release));
    expect(await gate.enter()).toBeNull();
    expect([gate.inside, gate.queued]).toEqual([2, 2]);

    first!();
    first!(); // a second release of the same place frees nothing more
    await settle();
    expect(admitted).toEqual(['third']);
    expect([gate.inside, gate.queued]).toEqual([2, 1]);
    // The line has room again, and nobody can slip past it into a place.
    const fifth = gate.enter();
    expect(gate.queued).toBe(2);
    second!();
    (await third)!();
    await settle();
    expect(admitted).toEqual(['third', 'fourth']);
    (await fourth)!();
    (await fifth)!();
    expect([gate.inside, gate.queued]).toEqual([0, 0]);
  });
});

/** The database, counting every query that names one of the burst's addresses. */
function watched(db: Database, seen: Set<string>): Database {
  const note = (params: readonly unknown[] | undefined) => {
    for (const value of params ?? []) if (typeof value === 'string') seen.add(value);
  };
  return {
    ...db,
    query: (sql, params) => (note(params), db.query(sql, params)),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ ...tx, query: (sql, params) => (note(params), tx.query(sql, params)) }),
      ),
  };
}

describe.each(ENGINES)('a burst of sign-ins on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await closePasswordPool();
    await test?.dispose();
  });

  it('answers the excess 429 with its body unread and nothing asked of the database', async () => {
    const seen = new Set<string>();
    const app = testApp({ db: watched(test.db, seen), env: { TRUST_PROXY: '1' } });
    const capacity = PASSWORD_GATE.active + PASSWORD_GATE.waiting;
    const count = capacity + 60;
    const read = new Set<string>();
    const attempts = Array.from({ length: count }, () => {
      const email = uniqueEmail('gate');
      const text = JSON.stringify({ email, password: 'not-the-password-1' });
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          read.add(email);
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      }, { highWaterMark: 0 }); // pulled only when someone reads it
      return { email, request: { method: 'POST', headers: SUPABASE_HEADERS, body, duplex: 'half' } as RequestInit };
    });
    const answers = await Promise.all(
      attempts.map(async ({ email, request }) => {
        const res = await app.request('/auth/v1/token?grant_type=password', request, fromAddress(newAddress()));
        return { email, status: res.status, retryAfter: res.headers.get('Retry-After'), apiVersion: res.headers.get('X-Supabase-Api-Version'), body: (await res.json()) as { code: string } };
      }),
    );

    const refused = answers.filter((a) => a.status === 429);
    const checked = answers.filter((a) => a.status === 400);
    expect(refused.length + checked.length).toBe(count);
    expect(refused.length).toBeGreaterThanOrEqual(count - capacity);
    expect(checked.length).toBeGreaterThan(0);
    for (const answer of checked) {
      expect(answer.body.code).toBe('invalid_credentials');
      expect(answer.apiVersion).toBe(API_VERSION);
    }
    for (const answer of refused) {
      expect(answer.body.code).toBe('over_request_rate_limit');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      // supabase-js reads `code` from the body only when the answer names its API version.
      expect(answer.apiVersion).toBe(API_VERSION);
      expect(read.has(answer.email)).toBe(false);
      expect([...seen].some((value) => value.includes(answer.email))).toBe(false);
    }
    // Each checked one really went to the database.
    for (const answer of checked) expect([...seen].some((value) => value.includes(answer.email))).toBe(true);
  });

});
