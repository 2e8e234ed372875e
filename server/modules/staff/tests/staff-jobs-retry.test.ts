/**
 * Staff's Retry now on a failed job answers with what happened: tried at
 * once in the request, it either worked or failed again, with the reason
 * in plain words and the raw error beside it. Two presses at once try it
 * once; a job that is not failing, or a made-up id, is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFailure } from '../../../../src/domain/job-failures';
import type { RetryAnswer } from '../../../../src/domain/job-retry';
import { createApp } from '../../../app';
import { parseEnv } from '../../../platform/env';
import type { MailMessage } from '../../../platform/mail';
import { getJson, jobsFor, runJobs } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { uniqueEmail } from '../../../../tests/fixtures/members';
import { makeStaff } from '../../../../tests/fixtures/staff';

const NOW = new Date();

describe.each(ENGINES)('Retry now on a failed job on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let refusing = true;
  /** The mail server's refusal while `refusing`: none (unreachable), or a permanent SMTP answer. */
  let refusal: number | null = null;
  const delivered: string[] = [];
  const app = () =>
    createApp({
      db: test.db,
      jobs: jobsFor(test.db),
      env: parseEnv({ STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
      mailTransport: {
        deliver: async (message: MailMessage) => {
          if (refusing && refusal) throw Object.assign(new Error(`${refusal} 5.1.1 <${message.to}>: Recipient address rejected`), { responseCode: refusal });
          if (refusing) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
          delivered.push(message.to);
        },
      },
    });
  const retry = (failure: Pick<JobFailure, 'kind' | 'id'>, token = staff.token) =>
    getJson<RetryAnswer & { message?: string }>(app(), `/api/staff/jobs/${failure.kind}/${failure.id}/retry`, sendJson(token, {}));

  /** An email that failed once: the registration email of a man staff register at a venue. */
  async function failedEmail(): Promise<{ failure: JobFailure; email: string }> {
    refusing = true;
    const email = uniqueEmail('retry');
    const made = await getJson(app(), '/api/staff/members', sendJson(staff.token, { first_name: 'Ronald', last_name: 'Retry', email }));
    expect(made.status).toBe(201);
    await runJobs(test.db);
    const listed = await getJson<{ failures: JobFailure[] }>(app(), '/api/staff/jobs/failures', { headers: { Authorization: `Bearer ${staff.token}` } });
    const failure = listed.body.failures.find((f) => f.recipient === email);
    expect(failure).toMatchObject({ kind: 'email', state: 'retry', tries: 1 });
    return { failure: failure!, email };
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    staff = await makeStaff(test.db, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers that it failed again, why in plain words, and the raw error; then that it worked', async () => {
    const { failure, email } = await failedEmail();
    const again = await retry(failure);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      status: 'success',
      outcome: 'failed',
      reason: 'The mail server could not be reached.',
      error: 'connect ECONNREFUSED 127.0.0.1:2525',
      state: 'retry',
      tries: 2,
    });
    expect(new Date((again.body as { next_try_at: string }).next_try_at).getTime()).toBeGreaterThan(Date.now());
    expect(delivered).not.toContain(email);

    refusing = false;
    const worked = await retry(failure);
    expect(worked.status).toBe(200);
    expect(worked.body).toEqual({ status: 'success', outcome: 'done' });
    expect(delivered.filter((to) => to === email)).toHaveLength(1);
    // Done: nothing left to retry, and the worker sends it no second time.
    expect((await retry(failure)).status).toBe(404);
    await runJobs(test.db);
    expect(delivered.filter((to) => to === email)).toHaveLength(1);
  });

  it('leaves a job the mail server refuses for good (550) failed, waiting for staff, not due again', async () => {
    const { failure, email } = await failedEmail();
    refusal = 550;
    try {
      const again = await retry(failure);
      expect(again.body).toMatchObject({ outcome: 'failed', reason: 'The mail server refused the email.', state: 'failed', next_try_at: null });
      await runJobs(test.db);
      expect(delivered).not.toContain(email);
    } finally {
      refusal = null;
    }
  });

  it('tries once when Retry is pressed twice at once', async () => {
    const { failure, email } = await failedEmail();
    refusing = false;
    const answers = await Promise.all([retry(failure), retry(failure), retry(failure)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    expect(delivered.filter((to) => to === email)).toHaveLength(1);
  });

  it('is 404 for a job that does not exist, a kind staff cannot act on, or a malformed id', async () => {
    for (const path of ['email/00000000-0000-4000-8000-000000000000', 'reconcile_payments/00000000-0000-4000-8000-000000000000', 'email/not-a-uuid']) {
      const answer = await getJson(app(), `/api/staff/jobs/${path}/retry`, sendJson(staff.token, {}));
      expect(answer.status, path).toBe(404);
    }
  });
});
