/**
 * What emails carry (docs/decisions/0008-threat-model.md): links only on the
 * site's origin, never one a request's Host header chose; no text a
 * stranger wrote beyond a plain name; and /auth/v1 bodies refused before
 * they are read when too large.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newAddress, testApp } from '../../../../tests/fixtures/app';
import { waitForMail, sentMail } from '../../../../tests/fixtures/mail';
import { createTestDatabase, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signUp, SUPABASE_HEADERS, uniqueEmail } from '../../../../tests/fixtures/members';

describe('emailed links and their text', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  // The welcome email goes out only when the address must be confirmed.
  const confirming = () => testApp({ db: test.db, env: { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' } });
  const mailTo = async (email: string) => (await sentMail(test.db)).filter((m) => m.to === email);
  const recoverVia = (env: Record<string, string>, url: string, email: string) =>
    testApp({ db: test.db, env }).request(url, {
      method: 'POST',
      headers: SUPABASE_HEADERS,
      body: JSON.stringify({ email }),
    });

  it('builds links from SITE_URL, whatever Host the request names', async () => {
    const email = uniqueEmail('siteurl');
    await signUp(testApp({ db: test.db }), email);
    const res = await recoverVia({ SITE_URL: 'https://www.chaps.example.org' }, 'http://evil.example/auth/v1/recover', email);
    expect(res.status).toBe(200);
    const reset = await waitForMail(test.db, email, /reset/i);
    expect(reset?.text).toContain('https://www.chaps.example.org/auth/v1/verify?');
    expect(reset?.text).not.toContain('evil.example');
  });

  it('refuses a Host outside ALLOWED_HOSTS when SITE_URL is unset, and mails nothing', async () => {
    const email = uniqueEmail('evilhost');
    await signUp(testApp({ db: test.db }), email);
    const before = (await mailTo(email)).length;
    const res = await recoverVia({}, 'http://evil.example/auth/v1/recover', email);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    expect(await mailTo(email)).toHaveLength(before);

    const allowed = await recoverVia({ ALLOWED_HOSTS: 'localhost,chaps.local:8080' }, 'http://chaps.local:8080/auth/v1/recover', email);
    expect(allowed.status).toBe(200);
    expect((await waitForMail(test.db, email, /reset/i)).text).toContain('http://chaps.local:8080/auth/v1/verify?');
  });

  it.each([
    'Visit https://evil.example/claim to claim your prize',
    'Bob <a href="x">',
    'Win £500 now: call 0800 000 000',
    'x'.repeat(61),
  ])('leaves the display name %j out of the welcome email', async (name) => {
    const email = uniqueEmail('spam');
    const res = await postAuth(confirming(), '/signup', { email, password: 'a-good-password-1', data: { display_name: name } }, {}, newAddress());
    expect(res.status).toBe(200);
    const [welcome] = await mailTo(email);
    expect(welcome?.text.startsWith('Hello,\n')).toBe(true);
    expect(`${welcome?.text}${welcome?.html}`).not.toContain(name.slice(0, 20));
  });

  it('greets by a plain name', async () => {
    const email = uniqueEmail('named');
    await postAuth(confirming(), '/signup', { email, password: 'a-good-password-2', data: { display_name: " Seán O'Brien-Smith " } }, {}, newAddress());
    const [welcome] = await mailTo(email);
    expect(welcome?.text.startsWith("Hello Seán O'Brien-Smith,\n")).toBe(true);
  });

  it('refuses a huge streamed body with 413 before reading it', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await testApp({ db: test.db }).request('/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request_too_large' });
    expect(sent).toBeLessThan(512 * 1024);
  });

  it('refuses a declared oversize body at once', async () => {
    const res = await testApp({ db: test.db }).request('/auth/v1/recover', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(64 * 1024 * 1024) },
      body: '{}',
    });
    expect(res.status).toBe(413);
  });
});
