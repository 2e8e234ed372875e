/**
 * Jobs written many at a time (a recall sweep's batch of emails, through
 * pg-boss's insert) are the same jobs as those written one at a time
 * (pg-boss's send): the queue's retry limit, retry delay and backoff,
 * expiry and policy apply to both; a rolled-back transaction leaves none;
 * a job id already written is kept, not doubled, as send keeps it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';

const message = (to: string) => ({ message: { to, subject: 'Hello', text: 'Hello.' }, messageId: `<${randomUUID()}@example.org>`, kind: 'email' });

describe.each(ENGINES)('jobs written many at a time on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    testApp({ db: test.db });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const rows = (ids: string[]) =>
    test.db.query<Record<string, unknown>>(
      `SELECT id::text, name, state, retry_limit, retry_delay, retry_backoff, extract(epoch FROM expire_in)::integer AS expire_seconds,
         policy, data->'message'->>'to' AS to
       FROM ${jobsFor(test.db).schema}.job WHERE id = ANY($1::uuid[]) ORDER BY data->'message'->>'to'`,
      [ids],
    );

  it('gives a job sent with others the settings of one sent alone', async () => {
    const jobs = jobsFor(test.db);
    const alone = randomUUID();
    const many = [randomUUID(), randomUUID()];
    await jobs.send(test.db, 'email', message('a@example.org'), { id: alone });
    await test.db.transaction((tx) => jobs.sendMany(tx, 'email', many.map((id, i) => ({ id, data: message(`${'bc'[i]}@example.org`) }))));
    const [one, ...others] = await rows([alone, ...many]);
    expect(others).toHaveLength(2);
    const settings = ({ id: _id, to: _to, ...rest }: Record<string, unknown>) => rest;
    for (const other of others) expect(settings(other!)).toEqual(settings(one!));
    // The email queue's own settings (server/platform/jobs/job-kinds.ts), not pg-boss's defaults.
    expect(one).toMatchObject({ name: 'email', state: 'created', retry_limit: 12, expire_seconds: 120 });
  });

  it('writes nothing when the transaction rolls back, and keeps a job id already written', async () => {
    const jobs = jobsFor(test.db);
    const ids = [randomUUID(), randomUUID()];
    await expect(
      test.db.transaction(async (tx) => {
        await jobs.sendMany(tx, 'email', ids.map((id) => ({ id, data: message('d@example.org') })));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows(ids)).toEqual([]);

    await jobs.sendMany(test.db, 'email', [{ id: ids[0]!, data: message('e@example.org') }]);
    await jobs.sendMany(test.db, 'email', [
      { id: ids[0]!, data: message('f@example.org') },
      { id: ids[1]!, data: message('g@example.org') },
    ]);
    expect((await rows(ids)).map((r) => r.to)).toEqual(['e@example.org', 'g@example.org']);
  });

  it('refuses an id that is not a UUID before writing any', async () => {
    const jobs = jobsFor(test.db);
    const good = randomUUID();
    await expect(jobs.sendMany(test.db, 'email', [{ id: good, data: message('h@example.org') }, { id: 'job-2', data: message('i@example.org') }])).rejects.toThrow(
      'Job id job-2 is not a UUID',
    );
    expect(await rows([good])).toEqual([]);
  });
});
