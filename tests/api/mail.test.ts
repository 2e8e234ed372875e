/**
 * The mail module: the outbox when SMTP_URL is unset (stored, newest first
 * at /dev/outbox, links clickable at /dev/outbox/html), real SMTP when it is
 * set (against a minimal SMTP listener), and the settings it reads.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { createMailer, linkify, type OutboxMessage } from '../../server/mail';
import { silentLogger } from '../../server/logger';
import { getJson, stubDatabase, testApp } from '../fixtures/app';
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
    const mailer = createMailer({ db: test.db, env, logger: silentLogger });
    await mailer.send({ to: 'first@example.org', subject: 'First', text: 'Hello' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({
      to: 'second@example.org',
      subject: 'Second',
      text: 'Reset: https://example.org/reset-password?token=a&b=1.',
      html: '<p>Reset</p>',
      attachments: [{ filename: 'event.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    });

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

/** Just enough SMTP to accept one message and keep what it was sent. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 OK queued\r\n');
          } else received.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    });
  });
}

describe('SMTP', () => {
  it('sends through SMTP_URL from MAIL_FROM and never touches the outbox', async () => {
    const smtp = await fakeSmtp();
    try {
      const smtpEnv = parseEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'CHAPS <site@example.org>' });
      const db = stubDatabase({ fails: new Error('the outbox must not be used') });
      const mailer = createMailer({ db, env: smtpEnv, logger: silentLogger });
      await mailer.send({ to: 'person@example.org', subject: 'Your booking', text: 'See you there' });
      const message = smtp.received.join('\n');
      expect(message).toContain('From: CHAPS <site@example.org>');
      expect(message).toContain('To: person@example.org');
      expect(message).toContain('Subject: Your booking');
      expect(message).toContain('See you there');
    } finally {
      smtp.server.close();
    }
  });

  it('refuses a SMTP_URL that is not smtp(s) and an ENQUIRIES_EMAIL that is not an address', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => parseEnv({ ENQUIRIES_EMAIL: 'nobody' })).toThrow(/ENQUIRIES_EMAIL must be an email address/);
  });
});
