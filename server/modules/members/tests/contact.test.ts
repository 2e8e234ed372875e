/**
 * POST /api/contact: a valid enquiry is stored and emailed; missing,
 * empty, wrong-typed and oversized fields answer their codes per field;
 * an empty form EMPTY; the honeypot and the per-address limit BLOCKED.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../app';
import { parseEnv } from '../../../platform/env';
import type { OutboxMessage } from '../../../platform/mail';
import { ENQUIRIES_PER_CLIENT_PER_HOUR, ENQUIRIES_PER_EMAIL_PER_HOUR } from '../contact-service';
import { getJson, newAddress, testApp, runJobs } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';

const NOW = new Date('2026-06-10T09:00:00Z');

const valid = {
  'first-name': 'Alan',
  'last-name': 'Brooke',
  email: 'alan.brooke@example.org',
  'phone-number': '07700 900123',
  message: 'Could you run a screening event at our golf club in the spring?',
};

interface ErrorAnswer {
  error: string;
  message: string;
  issues?: { path: string; code: string; message: string }[];
}

describe.each(ENGINES)('contact form on %s', (engine) => {
  let test: TestDatabase;
  const post = (body: unknown, now = NOW) =>
    getJson<ErrorAnswer & { ok?: boolean }>(testApp({ db: test.db, now }), '/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM contact_enquiries');
    await test.db.query('DELETE FROM outbox');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('stores a valid enquiry, trimmed, and emails it to the enquiries address', async () => {
    const { status, body } = await post({ ...valid, 'first-name': '  Alan ' });
    expect(status).toBe(201);
    expect(body).toEqual({ ok: true, message: 'Thank you for reaching out! We will get back to you soon.' });

    const rows = await test.db.query('SELECT first_name, email, message, emailed_at FROM contact_enquiries');
    expect(rows).toEqual([
      { first_name: 'Alan', email: valid.email, message: valid.message, emailed_at: expect.any(Date) },
    ]);
    await runJobs(test.db);
    const outbox = await getJson<{ messages: OutboxMessage[] }>(testApp({ db: test.db }), '/dev/outbox');
    expect(outbox.body.messages).toHaveLength(1);
    expect(outbox.body.messages[0]).toMatchObject({
      to: 'info@chaps-charity.org.uk',
      subject: 'Website enquiry from Alan Brooke',
    });
    expect(outbox.body.messages[0]?.text).toContain('Phone number: 07700 900123');
    expect(outbox.body.messages[0]?.text).toContain(valid.message);
  });

  it('sends to ENQUIRIES_EMAIL when set', async () => {
    const app = testApp({ db: test.db, now: NOW, env: { ENQUIRIES_EMAIL: 'office@example.org' } });
    const { status } = await getJson(app, '/api/contact', { method: 'POST', body: JSON.stringify(valid) });
    expect(status).toBe(201);
    await runJobs(test.db);
    const [row] = await test.db.query<{ to_address: string }>('SELECT to_address FROM outbox');
    expect(row?.to_address).toBe('office@example.org');
  });

  it('keeps the enquiry when the email cannot be sent', async () => {
    const env = parseEnv({ STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
    const failing = { send: () => Promise.reject(new Error('SMTP down')), sendMany: () => Promise.reject(new Error('SMTP down')) };
    const app = createApp({ db: test.db, env, now: () => NOW, mailer: failing });
    const { status } = await getJson(app, '/api/contact', { method: 'POST', body: JSON.stringify(valid) });
    expect(status).toBe(201);
    const rows = await test.db.query('SELECT emailed_at FROM contact_enquiries');
    expect(rows).toEqual([{ emailed_at: null }]);
  });

  it.each([
    ['a missing field', { ...valid, 'last-name': undefined }, 'last-name', 'REQUIRED_FIELD_MISSING'],
    ['a null field', { ...valid, message: null }, 'message', 'REQUIRED_FIELD_MISSING'],
    ['an empty field', { ...valid, 'first-name': '' }, 'first-name', 'REQUIRED_FIELD_EMPTY'],
    ['a blank field', { ...valid, message: '   \n ' }, 'message', 'REQUIRED_FIELD_EMPTY'],
    ['a number for a name', { ...valid, 'first-name': 42 }, 'first-name', 'TYPE_TEXT'],
    ['a list for the message', { ...valid, message: ['a'] }, 'message', 'TYPE_TEXT'],
    ['a bad email', { ...valid, email: 'alan@' }, 'email', 'TYPE_EMAIL'],
    ['an email with a space', { ...valid, email: 'alan brooke@example.org' }, 'email', 'TYPE_EMAIL'],
    ['letters in the phone', { ...valid, 'phone-number': 'call me' }, 'phone-number', 'TYPE_NUMERIC'],
    ['too few digits', { ...valid, 'phone-number': '12345' }, 'phone-number', 'TYPE_NUMERIC'],
    ['an oversized message', { ...valid, message: 'x'.repeat(5001) }, 'message', 'TYPE_TEXT'],
    ['an oversized name', { ...valid, 'last-name': 'x'.repeat(101) }, 'last-name', 'TYPE_TEXT'],
  ])('answers 422 for %s, naming the field and its code', async (_case, body, path, code) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(422);
    expect(answer.error).toBe('validation_failed');
    expect(answer.issues).toEqual([{ path, code, message: expect.any(String) }]);
    expect(await test.db.query('SELECT id FROM contact_enquiries')).toHaveLength(0);
  });

  it('lists every problem at once', async () => {
    const { body } = await post({ email: 'nope', 'phone-number': 'x', message: 'Hello' });
    expect(body.issues?.map((i) => [i.path, i.code])).toEqual([
      ['first-name', 'REQUIRED_FIELD_MISSING'],
      ['last-name', 'REQUIRED_FIELD_MISSING'],
      ['email', 'TYPE_EMAIL'],
      ['phone-number', 'TYPE_NUMERIC'],
    ]);
  });

  it.each([{}, { 'first-name': '', email: ' ' }])('answers EMPTY for a form with nothing filled in (%j)', async (body) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(422);
    expect(answer.error).toBe('EMPTY');
  });

  it.each(['not json', '[1,2]', '"text"', 'null'])('answers 400 for a body that is not an object: %s', async (body) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(400);
    expect(answer.error).toBe('bad_request');
  });

  it('answers 413 for a body over 16 KB, before reading it', async () => {
    const { status, body } = await post({ ...valid, message: 'x'.repeat(17 * 1024) });
    expect(status).toBe(413);
    expect(body.error).toBe('TOO_LARGE');
  });

  it('blocks a robot that fills the hidden field, storing and sending nothing', async () => {
    const { status, body } = await post({ ...valid, _gotcha: 'http://spam.example' });
    expect(status).toBe(403);
    expect(body.error).toBe('BLOCKED');
    expect(await test.db.query('SELECT id FROM contact_enquiries')).toHaveLength(0);
    await runJobs(test.db);
    expect(await test.db.query('SELECT id FROM outbox')).toHaveLength(0);
  });

  it('accepts the same enquiry twice (a person may resend), each stored', async () => {
    expect((await post(valid)).status).toBe(201);
    expect((await post(valid)).status).toBe(201);
    expect(await test.db.query('SELECT id FROM contact_enquiries')).toHaveLength(2);
  });

  it(`blocks an address after ${ENQUIRIES_PER_EMAIL_PER_HOUR} enquiries in an hour, whatever its case, then lets it through again`, async () => {
    for (let i = 0; i < ENQUIRIES_PER_EMAIL_PER_HOUR; i++) {
      expect((await post({ ...valid, message: `Message ${i}` })).status).toBe(201);
    }
    const refused = await getJson<ErrorAnswer>(testApp({ db: test.db, now: NOW }), '/api/contact', {
      method: 'POST',
      body: JSON.stringify({ ...valid, email: valid.email.toUpperCase() }),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('BLOCKED');
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await post({ ...valid, email: 'someone.else@example.org' })).status).toBe(201);

    const anHourLater = new Date(NOW.getTime() + 61 * 60 * 1000);
    expect((await post(valid, anHourLater)).status).toBe(201);
  });

  it('holds the limit under parallel requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: ENQUIRIES_PER_EMAIL_PER_HOUR + 3 }, (_, i) => post({ ...valid, message: `Parallel ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(ENQUIRIES_PER_EMAIL_PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });

  it('counts each visitor behind a trusted proxy apart, and ignores the header without TRUST_PROXY', async () => {
    const proxy = newAddress();
    const via = (visitor: string, i: number, env: Record<string, string>, from = proxy) =>
      getJson(
        testApp({ db: test.db, now: NOW, env }),
        '/api/contact',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor },
          body: JSON.stringify({ ...valid, email: `sender.${i}@example.org` }),
        },
        from,
      );
    for (let i = 0; i < ENQUIRIES_PER_CLIENT_PER_HOUR; i++) expect((await via('203.0.113.20', i, { TRUST_PROXY: '1' })).status).toBe(201);
    expect((await via('203.0.113.20', 100, { TRUST_PROXY: '1' })).status).toBe(429);
    expect((await via('203.0.113.21', 101, { TRUST_PROXY: '1' })).status).toBe(201);
    // Untrusted, the header is the sender's own claim: a new one each time does not escape the limit.
    const direct = newAddress();
    for (let i = 0; i < ENQUIRIES_PER_CLIENT_PER_HOUR; i++) expect((await via(`10.9.0.${i}`, 200 + i, {}, direct)).status).toBe(201);
    expect((await via('10.9.0.99', 300, {}, direct)).status).toBe(429);
  });
});
