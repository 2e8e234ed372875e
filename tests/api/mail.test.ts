/**
 * The mail module: the outbox when SMTP_URL is unset (stored, newest first
 * at /dev/outbox, links clickable at /dev/outbox/html), real SMTP when it is
 * set (against a minimal SMTP listener), and the settings it reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/platform/env';
import { createMailer, createMailTransport, type OutboxMessage } from '../../server/platform/mail';
import { linkify } from '../../server/stand-ins/outbox-routes';
import { silentLogger } from '../../server/platform/logger';
import { getJson, jobsFor, runJobs, stubDatabase, testApp } from '../fixtures/app';
import { testSmtp } from '../fixtures/smtp';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';

const env = parseEnv({ LOG_LEVEL: 'silent' });

describe.each(ENGINES)('outbox on %s', (engine) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('stores messages and lists them newest first, with attachments', async () => {
    testApp({ db: test.db });
    const mailer = createMailer({ db: test.db, jobs: jobsFor(test.db), env });
    await mailer.send({ to: 'first@example.org', subject: 'First', text: 'Hello' });
    await runJobs(test.db);
    await mailer.send({
      to: 'second@example.org',
      subject: 'Second',
      text: 'Reset: https://example.org/reset-password?token=a&b=1.',
      html: '<p>Reset</p>',
      attachments: [{ filename: 'event.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    });

    await runJobs(test.db);
    const { status, body } = await getJson<{ messages: OutboxMessage[] }>(testApp({ db: test.db }), '/dev/outbox');
    expect(status).toBe(200);
    expect(body.messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(body.messages[0]).toMatchObject({
      to: 'second@example.org',
      html: '<p>Reset</p>',
      attachments: [{ filename: 'event.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    });
    expect(body.messages[1]).toMatchObject({ to: 'first@example.org', html: null, attachments: [] });
    expect(Date.parse(body.messages[0]?.created_at ?? '')).not.toBeNaN();
    expect(body.messages[0]?.message_id).toMatch(/^<[0-9a-f-]{36}@chaps-charity\.org\.uk>$/);
  });

  it('keeps one copy of a message delivered twice with the same Message-ID (a retry after an unknown outcome)', async () => {
    const transport = createMailTransport({ db: test.db, env, logger: silentLogger });
    const message = { to: 'twice@example.org', subject: 'Twice', text: 'Once only' };
    await transport.deliver(message, '<same-id@chaps-charity.org.uk>');
    await transport.deliver(message, '<same-id@chaps-charity.org.uk>');
    const { body } = await getJson<{ messages: OutboxMessage[] }>(testApp({ db: test.db }), '/dev/outbox');
    expect(body.messages.filter((m) => m.to === 'twice@example.org')).toHaveLength(1);
  });

  it('shows the outbox as a page whose links can be clicked', async () => {
    const response = await testApp({ db: test.db }).request('/dev/outbox/html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<a href="https://example.org/reset-password?token=a&amp;b=1">');
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'));
  });
});

describe('outbox page', () => {
  it('escapes bodies and keeps trailing punctuation out of links', () => {
    expect(linkify('<b> see https://a.example/x, then')).toBe(
      '&lt;b&gt; see <a href="https://a.example/x">https://a.example/x</a>, then',
    );
  });

  it('is not served when SMTP is configured', async () => {
    const app = testApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    expect((await app.request('/dev/outbox')).status).toBe(404);
    expect((await app.request('/dev/outbox/html')).status).toBe(404);
  });
});

describe('SMTP', () => {
  it('sends through SMTP_URL from MAIL_FROM and never touches the outbox', async () => {
    const smtp = await testSmtp();
    try {
      const smtpEnv = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'CHAPS <site@example.org>' });
      const db = stubDatabase({ fails: new Error('the outbox must not be used') });
      const transport = createMailTransport({ db, env: smtpEnv, logger: silentLogger });
      await transport.deliver({ to: 'person@example.org', subject: 'Your booking', text: 'See you there' }, '<job-1@example.org>');
      const message = smtp.received.join('\n');
      expect(message).toContain('Message-ID: <job-1@example.org>');
      expect(message).toContain('From: CHAPS <site@example.org>');
      expect(message).toContain('To: person@example.org');
      expect(message).toContain('Subject: Your booking');
      expect(message).toContain('See you there');
    } finally {
      await smtp.close();
    }
  });

  it('refuses a SMTP_URL that is not smtp(s) and an ENQUIRIES_EMAIL that is not an address', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => parseEnv({ ENQUIRIES_EMAIL: 'nobody' })).toThrow(/ENQUIRIES_EMAIL must be an email address/);
  });
});
