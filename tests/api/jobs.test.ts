/**
 * The job queue with real workers (docs/decisions/0013): emails survive a
 * mail server that refuses for a while, each job is done once across
 * processes (two queue handles over one PostgreSQL stand for two server
 * processes), the schedule runs once per period across them, and a worker
 * process killed with SIGKILL mid-job loses nothing and sends nothing twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { parseEnv } from '../../server/platform/env';
import { createJobs, type Jobs } from '../../server/platform/jobs/queue';
import { openPostgres } from '../../server/platform/db/postgres';
import type { Database } from '../../server/platform/db/adapter';
import { silentLogger } from '../../server/platform/logger';
import { createMailer, createMailTransport } from '../../server/platform/mail';
import { getJson, newAddress, testApp } from '../fixtures/app';
import { signIn, signUp, uniqueEmail } from '../fixtures/members';
import { fastMembers, sendJson, validConsent } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { testSmtp, type TestSmtp } from '../fixtures/smtp';

const NOW = new Date('2026-06-10T09:00:00Z');
const WORKER = resolve(import.meta.dirname, '../fixtures/processes/email-worker.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const BOOKINGS = 50;

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(ENGINES)('emails through a mail server that refuses for a while, on %s', (engine) => {
  let test: TestDatabase;
  let smtp: TestSmtp;
  let jobs: Jobs;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    smtp = await testSmtp();
  });
  afterAll(async () => {
    await jobs?.stop();
    await smtp?.close();
    await test?.dispose();
  });

  it(`delivers each of ${BOOKINGS} confirmations exactly once once it accepts again`, async () => {
    const event = makeEvent({ event_name: 'Busy Saturday', total_spaces: 80, places_per_slot: 10 });
    await replaceEvents(test.db, [event]);
    // Retries from one second, doubling: a few tries fall inside the refusal, then it accepts.
    jobs = createJobs({ db: test.db, logger: silentLogger, pollingSeconds: 0.5, retryDelaySeconds: 1 });
    const env = parseEnv({ STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const app = createApp({ db: test.db, env, now: () => NOW, jobs });
    await jobs.start();
    smtp.refusing = true;

    const members = await fastMembers(test.db, BOOKINGS, NOW);
    const slots = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45'];
    const answers = await Promise.all(
      members.map(async (member, i) => {
        const consent = await getJson<{ consent_id: string }>(app, '/api/medical/consent', sendJson(member.token, { ...validConsent(), eventId: event.event_id }));
        return getJson(app, '/api/appointments', sendJson(member.token, { eventId: event.event_id, appointmentStartTime: slots[i % slots.length], consentId: consent.body.consent_id }));
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(members.map(() => 201));

    await until(() => smtp.refused >= 3, 15_000, 'the worker to meet the refusing server');
    expect(smtp.messages).toHaveLength(0);
    const failing = await jobs.failures(['email']);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing[0]!.lastError).toMatch(/421|Service not available/);

    smtp.refusing = false;
    await until(() => smtp.messages.length >= BOOKINGS, 60_000, `${BOOKINGS} emails`);
    // Nothing more arrives later: no email was sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const recipients = smtp.messages.map((lines) => lines.find((l) => l.startsWith('To: '))!.slice(4));
    expect(recipients.sort()).toEqual(members.map((m) => m.email).sort());
    const ids = smtp.messages.map((lines) => lines.find((l) => /^Message-ID: /i.test(l)));
    expect(new Set(ids).size).toBe(BOOKINGS);
    expect(await jobs.failures(['email'])).toEqual([]);
  }, 120_000);
});

describe.runIf(ENGINES.includes('postgres'))('jobs across processes on postgres', () => {
  let test: TestDatabase;
  let second: Database;
  const running: Jobs[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    second = await openPostgres(process.env.TEST_DATABASE_URL!, { schema: test.db.schema!, max: 4 });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
  });
  afterAll(async () => {
    await second?.close();
    await test?.dispose();
  });

  it('gives each job to one process: 200 emails, two workers, each delivered once', async () => {
    const delivered: string[] = [];
    const byProcess = [0, 0];
    const workers = [test.db, second].map((db, i) => {
      const jobs = createJobs({ db, logger: silentLogger, pollingSeconds: 0.5, retryDelaySeconds: 1 });
      const outbox = createMailTransport({ db, env: { smtpUrl: undefined, mailFrom: 'CHAPS <no-reply@chaps-charity.org.uk>' }, logger: silentLogger });
      jobs.handle({
        email: async ({ message, messageId }) => {
          delivered.push(messageId);
          byProcess[i]! += 1;
          // Slow enough that both workers are busy at once.
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (message) await outbox.deliver(message, messageId);
        },
      });
      running.push(jobs);
      return jobs;
    });
    await Promise.all(workers.map((jobs) => jobs.start()));
    const mailer = createMailer({ db: test.db, jobs: workers[0]!, env: { mailFrom: 'CHAPS <no-reply@chaps-charity.org.uk>' } });
    await Promise.all(Array.from({ length: 200 }, (_, i) => mailer.send({ to: `across.${i}@example.org`, subject: 'Across', text: 'Once' })));

    await until(async () => {
      const [row] = await test.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM outbox WHERE subject = 'Across'");
      return row!.n >= 200;
    }, 30_000, '200 emails');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(delivered).toHaveLength(200);
    expect(new Set(delivered).size).toBe(200);
    expect(byProcess[0]! + byProcess[1]!).toBe(200);
  }, 60_000);

  it('shares the sign-in throttle: 40 guesses split across both processes check at most five', async () => {
    const apps = [test.db, second].map((db) => testApp({ db }));
    const email = uniqueEmail('across');
    await signUp(apps[0]!, email, 'right-password-21');
    const attacker = newAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(apps[i % 2]!, email, `wrong-${i}`, attacker)));
    expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
    expect((await signIn(apps[1]!, email, 'right-password-21', attacker)).status).toBe(429);
  }, 60_000);

  it('runs the reconciler once a minute across both processes', async () => {
    const runs: number[] = [];
    const workers = [test.db, second].map((db) => {
      const jobs = createJobs({ db, logger: silentLogger, pollingSeconds: 0.5 });
      jobs.handle({
        reconcile_payments: async () => {
          runs.push(Date.now());
        },
      });
      running.push(jobs);
      return jobs;
    });
    await Promise.all(workers.map((jobs) => jobs.start()));
    // Two runs means a minute boundary crossed twice (pg-boss's cron is by the minute); then a while more for any duplicate.
    await until(() => runs.length >= 2, 140_000, 'two scheduled runs');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Two processes, one run per period. pg-boss looks at the clock every 30 s, so two periods' runs can
    // land anywhere from about 30 s to 90 s apart; both processes running one period would be moments apart.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    const minutes = (runs.at(-1)! - runs[0]!) / 60_000;
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(minutes) + 1);
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]! - runs[i - 1]!).toBeGreaterThan(15_000);
  }, 160_000);
});

describe.runIf(ENGINES.includes('postgres'))('a worker killed mid-job on postgres', () => {
  let test: TestDatabase;
  let smtp: TestSmtp;
  const children: ChildProcess[] = [];

  function worker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', TSX, WORKER], {
      env: {
        PATH: process.env.PATH ?? '',
        TEST_DATABASE_URL: process.env.TEST_DATABASE_URL!,
        WORKER_SCHEMA: test.db.schema!,
        WORKER_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        WORKER_EXPIRE_SECONDS: '3',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((ready, failed) => {
      let err = '';
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready(child));
      child.on('exit', (code) => failed(new Error(`the worker exited with ${code}: ${err}`)));
    });
  }

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    smtp = await testSmtp();
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await smtp?.close();
    await test?.dispose();
  });

  it('loses no email when its process is killed with SIGKILL, and sends none twice', async () => {
    const sender = createJobs({ db: test.db, logger: silentLogger, worker: false });
    const mailer = createMailer({ db: test.db, jobs: sender, env: { mailFrom: 'CHAPS <no-reply@chaps-charity.org.uk>' } });
    const recipients = Array.from({ length: 20 }, (_, i) => `killed.${i}@example.org`);
    // The mail server takes each message's data but never answers: the first worker hangs mid-job.
    smtp.stalling = true;
    // Started first: a job takes its queue's expiry and retry settings when it is queued.
    const first = await worker();
    for (const to of recipients) await mailer.send({ to, subject: 'Killed mid-job', text: 'Once' });
    await until(() => smtp.stalled >= 1, 20_000, 'the first worker to be mid-send');
    const [active] = await test.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sender.schema}.job WHERE name = 'email' AND state = 'active'`);
    expect(active!.n).toBeGreaterThan(0);
    first.kill('SIGKILL');
    smtp.stalling = false;

    // Another process takes the jobs up once their 3 seconds are over.
    await worker();
    await until(() => smtp.messages.length >= recipients.length, 60_000, 'every email after the kill');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const sentTo = smtp.messages.map((lines) => lines.find((l) => l.startsWith('To: '))!.slice(4));
    expect(sentTo.sort()).toEqual([...recipients].sort());
  }, 120_000);
});
