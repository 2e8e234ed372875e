/**
 * Emails at the rate of a national recall: the SMTP transport sends many
 * messages over a few pooled connections (SMTP_MAX_CONNECTIONS) instead of
 * one connection each, and no faster than SMTP_MAX_PER_SECOND when it is
 * set; the email queue runs that many jobs at once in one worker, while
 * one man's emails still go one after another in the order queued.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../server/platform/jobs/queue';
import { silentLogger } from '../../server/platform/logger';
import { createMailTransport } from '../../server/platform/mail';
import { parseEnv } from '../../server/platform/env';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { testSmtp, type TestSmtp } from '../fixtures/smtp';

const message = (to: string, subject = 'Your PSA test is due') => ({ to, subject, text: 'It is a year since your last test.' });

describe('the pooled SMTP transport', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await testSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('sends forty messages over at most SMTP_MAX_CONNECTIONS connections, each taken once', async () => {
    const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_MAX_CONNECTIONS: '3' });
    const transport = createMailTransport({ db: null as never, env, logger: silentLogger });
    const before = smtp.connections;
    const taken = smtp.messages.length;
    try {
      await Promise.all(Array.from({ length: 40 }, (_, i) => transport.deliver(message(`man${i}@example.org`), `<${randomUUID()}@example.org>`)));
    } finally {
      transport.close?.();
    }
    expect(smtp.messages.length - taken).toBe(40);
    const opened = smtp.connections - before;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(3);
    expect(smtp.mostOpen).toBeLessThanOrEqual(3);
  });

  it('hands the mail server no more than SMTP_MAX_PER_SECOND messages a second', async () => {
    const env = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_MAX_CONNECTIONS: '2', SMTP_MAX_PER_SECOND: '4' });
    expect(env.smtpMaxPerSecond).toBe(4);
    const transport = createMailTransport({ db: null as never, env, logger: silentLogger });
    const started = Date.now();
    try {
      // Nine messages at four a second: the ninth waits for the third second's allowance.
      await Promise.all(Array.from({ length: 9 }, (_, i) => transport.deliver(message(`rate${i}@example.org`), `<${randomUUID()}@example.org>`)));
    } finally {
      transport.close?.();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });
});

describe.each(ENGINES)('email jobs in flight on %s', (engine) => {
  let test: TestDatabase;
  let jobs: Jobs;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    jobs = createJobs({ db: test.db, logger: silentLogger, worker: false, inFlight: { email: 4 } });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await test?.dispose();
  });

  it('runs four at once, and one man’s emails one after another in the order they were queued', async () => {
    const running = new Set<string>();
    let most = 0;
    const started: string[] = [];
    const overlapsForOneMan: string[] = [];
    jobs.handle({
      email: async (data) => {
        const to = data.message!.to;
        if (running.has(to)) overlapsForOneMan.push(to);
        running.add(to);
        most = Math.max(most, running.size);
        started.push(`${to} ${data.message!.subject}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        running.delete(to);
      },
    });
    // Twelve men, and a thirteenth with his confirmation, change and cancellation queued in that order among them.
    const items = Array.from({ length: 12 }, (_, i) => ({ to: `man${i}@example.org`, subject: 'Reminder' }));
    items.splice(2, 0, { to: 'Harold@Example.org', subject: 'Booking confirmed' });
    items.splice(7, 0, { to: 'harold@example.org', subject: 'Time changed' });
    items.splice(11, 0, { to: 'harold@example.org', subject: 'Booking cancelled' });
    for (const item of items) {
      await jobs.send(test.db, 'email', { message: message(item.to, item.subject), messageId: `<${randomUUID()}@example.org>`, kind: 'email' });
    }
    expect(await jobs.runDue()).toBe(15);
    expect(most).toBe(4);
    expect(overlapsForOneMan).toEqual([]);
    expect(started.filter((s) => s.toLowerCase().startsWith('harold@'))).toEqual([
      'Harold@Example.org Booking confirmed',
      'harold@example.org Time changed',
      'harold@example.org Booking cancelled',
    ]);
  });
});
