/**
 * First-load JavaScript of a route: every script response a fresh browser
 * context downloads while opening the page, counted as bytes on the wire
 * (the encoded, i.e. compressed, body). Service workers are blocked so the
 * worker's background precache does not count, and nothing comes from a
 * cache: each route gets a new context.
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_STAFF_TOTP_SECRET } from '../../server/platform/env-schema.ts';

export interface ScriptFile {
  url: string;
  encodedBytes: number;
  encoding: string;
}

export interface RouteWeight {
  route: string;
  scripts: ScriptFile[];
  totalBytes: number;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

// Late work (the 1.5 s list spinner, then the map) can request more code
// after the first quiet moment; wait for it and for the network again.
const SETTLE_MS = 2_500;

export interface MeasureOptions {
  /** A signed-in member's stored session (Playwright's storageState), for member-only routes. */
  storageState?: BrowserContextOptions['storageState'];
  /** Waits until the route has drawn what it is for (say the card fields) before counting stops. */
  ready?: (page: Page) => Promise<void>;
}

export async function measureRoute(browser: Browser, baseUrl: string, route: string, options: MeasureOptions = {}): Promise<RouteWeight> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-GB', timezoneId: 'Europe/London', storageState: options.storageState });
  try {
    const page = await context.newPage();
    const pending: Promise<ScriptFile>[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'script') return;
      pending.push(
        request.sizes().then((sizes) => ({
          url: new URL(response.url()).pathname,
          encodedBytes: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    const response = await page.goto(baseUrl + route, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${route} answered ${response?.status()}`);
    await options.ready?.(page);
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(pending);
    return { route, scripts, totalBytes: scripts.reduce((sum, s) => sum + s.encodedBytes, 0) };
  } finally {
    await context.close();
  }
}

export const DEMO_MEMBER = { email: 'demo.member@example.com', password: 'chaps-demo-2025' };
// An admin, so it signs in with its demo authenticator's code too (docs/rules.md#second-factor).
export const DEMO_STAFF = { email: 'demo.staff@example.com', password: 'chaps-staff-2025', totpSecret: DEMO_STAFF_TOTP_SECRET };

/** Signs in through the real /login and keeps the stored session for fresh contexts. */
export async function signedInState(
  browser: Browser,
  baseUrl: string,
  who: { email: string; password: string; totpSecret?: string },
): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email address').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (who.totpSecret) {
      const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(who.totpSecret) }).generate();
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
