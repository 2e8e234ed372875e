/**
 * A second factor for staff who see medical data (docs/rules.md#second-factor),
 * on a 360 px phone: an admin with no authenticator yet signs in and is
 * walked through adding one (a QR code, the key as text, a wrong code
 * announced, then the code the app would show, computed here from the key
 * on the screen) before the console opens; later, on another phone, his
 * password is followed by a code. axe clean at each step. On a server of
 * its own, so the shared demo account keeps its documented authenticator.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { startServer, type RunningServer } from '../fixtures/server-process';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/members';
import { E2E_STATIC_DIR } from './support/settings';
import { DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD, demoStaffCode, staffToken } from './support/staff';

const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, timezoneId: 'America/New_York', locale: 'en-GB' } as const;

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe('a second factor for staff', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'development', STATIC_DIR: resolve(E2E_STATIC_DIR), VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function phone(browser: Browser) {
    const context = await browser.newContext({ ...PHONE, baseURL: server.origin });
    return { context, page: await context.newPage() };
  }

  test('an admin adds an authenticator app at first sign-in, then signs in later with its code', async ({ browser, request }) => {
    test.setTimeout(150_000);
    // This server's demo admin starts as a new admin would: no authenticator (taken away at aal2, as Supabase allows).
    const token = await staffToken(request, server.origin);
    const user = (await (await request.get(`${server.origin}/auth/v1/user`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { factors: { id: string }[] };
    for (const factor of user.factors) {
      const removed = await request.delete(`${server.origin}/auth/v1/factors/${factor.id}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(removed.status(), await removed.text()).toBe(200);
    }

    const first = await phone(browser);
    await first.page.goto('/login');
    await signIn(first.page, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    await expect(first.page).not.toHaveURL(/\/login/);
    await first.page.goto('/staff');
    await expect(first.page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
    await expect(first.page.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible();
    const key = (await first.page.locator('.second-factor-secret code').innerText()).replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const field = first.page.getByLabel('6-digit code');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expectNoSeriousA11yViolations(first.page);
    await fitsTheScreen(first.page);

    // A wrong code is said so, with the field, and nothing opens.
    const current = await demoStaffCode(request, server.origin, key);
    await field.fill(current === '000000' ? '111111' : '000000');
    await first.page.getByRole('button', { name: 'Confirm code' }).click();
    await expect(first.page.getByRole('alert')).toContainText('That code is not right');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(first.page);

    await field.fill(current);
    await first.page.getByRole('button', { name: 'Confirm code' }).click();
    await expect(first.page.getByRole('heading', { level: 1, name: 'Staff console: events' })).toBeVisible();
    await first.context.close();

    // Later, on another phone: the password, then the code.
    const later = await phone(browser);
    await later.page.goto('/login');
    await signIn(later.page, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
    await expect(later.page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await expectNoSeriousA11yViolations(later.page);
    await fitsTheScreen(later.page);
    await later.page.getByLabel('6-digit code').fill(await demoStaffCode(request, server.origin, key));
    await later.page.getByRole('button', { name: 'Continue' }).click();
    await expect(later.page).not.toHaveURL(/\/login/);
    await later.page.goto('/staff');
    await expect(later.page.getByRole('heading', { level: 1, name: 'Staff console: events' })).toBeVisible();
    await later.context.close();
  });
});
