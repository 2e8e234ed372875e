/**
 * POST /api/subscriptions: the newsletter. One row per email however often
 * (and in whatever case) it is sent; missing, wrong-typed and oversized
 * input answers 422 with the message the form shows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';

const NOW = new Date('2026-06-10T09:00:00Z');

interface Answer {
  ok?: boolean;
  error?: string;
  message: string;
  issues?: { path: string; code: string }[];
}

describe.each(ENGINES)('newsletter subscriptions on %s', (engine) => {
  let test: TestDatabase;
  const post = (body: unknown) =>
    getJson<Answer>(testApp({ db: test.db, now: NOW }), '/api/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const rows = () => test.db.query('SELECT email, name, hear_about_event FROM newsletter_subscriptions ORDER BY email');

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM newsletter_subscriptions');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('subscribes, storing the email in lower case', async () => {
    const { status, body } = await post({ name: ' Dev Patel ', email: 'Dev.Patel@Example.org', hear_about_event: true });
    expect(status).toBe(201);
    expect(body).toEqual({ ok: true, message: 'Successfully subscribed to the newsletter!' });
    expect(await rows()).toEqual([{ email: 'dev.patel@example.org', name: 'Dev Patel', hear_about_event: true }]);
  });

  it('treats a second subscription as success and keeps one row, with the newer name', async () => {
    expect((await post({ name: 'Dev', email: 'dev@example.org', hear_about_event: true })).status).toBe(201);
    const again = await post({ name: 'Dev Patel', email: 'DEV@example.org', hear_about_event: true });
    expect(again.status).toBe(201);
    expect(again.body.message).toBe('Successfully subscribed to the newsletter!');
    expect(await rows()).toEqual([{ email: 'dev@example.org', name: 'Dev Patel', hear_about_event: true }]);
  });

  it('keeps one row under parallel duplicates', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post({ name: 'Sam', email: 'sam@example.org', hear_about_event: true })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await rows()).toHaveLength(1);
  });

  it('defaults hear_about_event to true when left out', async () => {
    expect((await post({ name: 'Sam', email: 'sam@example.org' })).status).toBe(201);
    expect(await rows()).toEqual([{ email: 'sam@example.org', name: 'Sam', hear_about_event: true }]);
  });

  it.each([
    ['no name', { email: 'sam@example.org' }],
    ['an empty name', { name: '  ', email: 'sam@example.org' }],
    ['no email', { name: 'Sam' }],
    ['an empty email', { name: 'Sam', email: '' }],
    ['nothing', {}],
  ])('asks for both fields when given %s', async (_case, body) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(422);
    expect(answer.message).toBe('Please provide both name and email.');
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ['a number for a name', { name: 7, email: 'sam@example.org' }, 'name', 'TYPE_TEXT'],
    ['an object for the email', { name: 'Sam', email: { a: 1 } }, 'email', 'TYPE_TEXT'],
    ['a malformed email', { name: 'Sam', email: 'sam.example.org' }, 'email', 'TYPE_EMAIL'],
    ['a text flag', { name: 'Sam', email: 'sam@example.org', hear_about_event: 'yes' }, 'hear_about_event', 'TYPE_TEXT'],
    ['an oversized name', { name: 'x'.repeat(101), email: 'sam@example.org' }, 'name', 'TYPE_TEXT'],
    ['an oversized email', { name: 'Sam', email: `${'x'.repeat(250)}@example.org` }, 'email', 'TYPE_TEXT'],
  ])('answers 422 for %s', async (_case, body, path, code) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(422);
    expect(answer.error).toBe('validation_failed');
    expect(answer.issues).toEqual([expect.objectContaining({ path, code })]);
    expect(answer.message).not.toBe('');
    expect(await rows()).toHaveLength(0);
  });

  it.each(['{', '[]', '5'])('answers 400 for a body that is not an object: %s', async (body) => {
    expect((await post(body)).status).toBe(400);
  });

  it('answers 413 for a body over 16 KB', async () => {
    const { status } = await post({ name: 'x'.repeat(17 * 1024), email: 'sam@example.org' });
    expect(status).toBe(413);
  });
});
