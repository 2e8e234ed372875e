/**
 * NODE_ENV=production as a whole server process: it refuses to start
 * without what production needs, naming each setting; started properly it
 * serves no /dev stand-in and creates no demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { parseEnv } from '../../server/platform/env';
import { getJson, stubDatabase, testApp } from '../fixtures/app';
import { runUntilExit, startServer, type RunningServer } from '../fixtures/server-process';

const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SITE_URL: 'https://www.chaps.example.org',
  AUTH_JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  PAYPAL_CLIENT_ID: 'AbCdEf0123456789-paypal',
  PAYPAL_CLIENT_SECRET: 'a-paypal-secret-value',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
};

const DEV_PATHS = [
  '/dev',
  '/dev/',
  '/dev/outbox',
  '/dev/outbox/html',
  '/dev/tiles/0/0/0.png',
  '/dev/tiles/8/127/85.png',
  '/dev/paypal/v1/oauth2/token',
  '/dev/clock',
  '/dev/anything/else',
];

describe('production refuses to start without its settings', () => {
  it('names every missing setting and exits 1', async () => {
    const run = await runUntilExit({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SMTP_URL is required when NODE_ENV=production');
    expect(run.stderr).toContain('SITE_URL is required when NODE_ENV=production');
    expect(run.stderr).toContain('AUTH_JWT_SECRET or SUPABASE_URL is required when NODE_ENV=production');
    expect(run.stdout).not.toContain('Listening');
  });

  it('names the one setting still missing', async () => {
    const run = await runUntilExit({ ...PRODUCTION, SITE_URL: '' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SITE_URL is required');
    expect(run.stderr).not.toContain('SMTP_URL is required');
  });
});

describe('a production server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // VITE_TILE_URL unset and SMTP set aside, as a development server would mount both stand-ins.
    server = await startServer(PRODUCTION);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each(DEV_PATHS)('answers %s with 404', async (path) => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await fetch(`${server.origin}${path}`, { headers: { Accept: accept } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/Outbox|<!doctype/i);
    }
  });

  it('has no demo member and no demo events', async () => {
    const signIn = await fetch(`${server.origin}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo.member@example.com', password: 'chaps-demo-2025' }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ code: 'invalid_credentials' });
    const events = (await (await fetch(`${server.origin}/api/events`)).json()) as { events: unknown[] };
    expect(events.events).toEqual([]);
  });
  it('asks new members to confirm their address, so a taken address answers sign-up as a new one does', async () => {
    const signUp = async (email: string, address: string) => {
      const res = await fetch(`${server.origin}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ email, password: 'a-long-production-password-7' }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const taken = `taken.${Date.now()}@example.org`;
    const first = await signUp(taken, '10.9.0.1');
    expect(first.status).toBe(200);
    // No session until the emailed link is used.
    expect(first.body.access_token).toBeUndefined();
    const again = await signUp(taken, '10.9.0.2');
    const fresh = await signUp(`fresh.${Date.now()}@example.org`, '10.9.0.3');
    expect(again.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body.email_confirmed_at).toBeNull();
  });
});

describe('the stand-ins in-process', () => {
  it.each(DEV_PATHS)('production answers %s with 404 even were every stand-in otherwise in use', async (path) => {
    const env = { ...parseEnv({ ...PRODUCTION, STATIC_DIR: '/nonexistent/chaps-test-dist' }), smtpUrl: undefined, devTiles: true };
    const app = createApp({ db: stubDatabase(), env });
    expect((await app.request(path)).status).toBe(404);
  });

  it('development serves them, and 404s a /dev path no stand-in owns', async () => {
    const app = testApp({ env: { VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' } });
    expect((await app.request('/dev/tiles/0/0/0.png')).status).toBe(200);
    expect((await getJson(app, '/dev/paypal/x')).status).toBe(404);
  });
});
