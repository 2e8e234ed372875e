/**
 * `npm run consent-link` prints a link that the API accepts: run as a
 * developer would (LINK_SIGNING_SECRET shared with the server), its query
 * string is posted to /api/medical/test-consent with the answers.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, type TestDatabase } from '../../../../tests/fixtures/db';

const SECRET = 'a-link-signing-secret-for-this-test-only';

describe('npm run consent-link', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('prints a signed /test-consent link on SITE_URL that files consent for that profile and date', async () => {
    const [member] = await fastMembers(test.db, 1, new Date());
    const output = execFileSync('npx', ['tsx', 'scripts/consent-link.ts', '--profile', String(member!.profileId), '--date', '2026-12-01'], {
      env: { ...process.env, LINK_SIGNING_SECRET: SECRET, SITE_URL: 'https://screening.example.org' },
      encoding: 'utf8',
    }).trim();
    const url = new URL(output);
    expect(`${url.origin}${url.pathname}`).toBe('https://screening.example.org/test-consent');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ profile_id: String(member!.profileId), test_date: '2026-12-01' });
    const app = testApp({ db: test.db, env: { LINK_SIGNING_SECRET: SECRET } });
    const res = await getJson(app, '/api/medical/test-consent', sendJson(null, { ...validConsent(), ...params }));
    expect(res.status).toBe(201);
  });

  it('without SITE_URL, prints the link on the port the server listens on (PORT)', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LINK_SIGNING_SECRET: SECRET, PORT: '8181' };
    delete env.SITE_URL;
    const output = execFileSync('npx', ['tsx', 'scripts/consent-link.ts', '--profile', 'CHAPS1001', '--date', '2026-12-01'], { env, encoding: 'utf8' }).trim();
    expect(new URL(output).origin).toBe('http://localhost:8181');
  });
});
