/**
 * Retry now on the jobs page says what happened, on a 360 px phone in New
 * York time: a second server of the same build whose mail server turns
 * every email away; an email that failed is retried and fails again, said
 * in words (announced) with the raw error folded beneath; then, the mail
 * server back, retried again and said to have worked. axe clean.
 */
import { expect, test } from './support/test';
import { resolve } from 'node:path';
import { startServer, type RunningServer } from '../fixtures/server-process';
import { testSmtp, type TestSmtp } from '../fixtures/smtp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { E2E_STATIC_DIR } from './support/settings';
import { signInAsStaff, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/New_York' });

test.describe('Retry now on a failed email', () => {
  let server: RunningServer;
  let smtp: TestSmtp;

  test.beforeAll(async () => {
    smtp = await testSmtp();
    smtp.refusing = true;
    server = await startServer({
      NODE_ENV: 'development',
      STATIC_DIR: resolve(E2E_STATIC_DIR),
      VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test('says it failed again and why, keeps the raw error to hand, then says it worked', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await staffToken(page.request, server.origin);
    const email = `retry.${Date.now()}@example.org`;
    const made = await page.request.post(`${server.origin}/api/staff/members`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { first_name: 'Reginald', last_name: 'Retry', email },
    });
    expect(made.status(), await made.text()).toBe(201);
    // The worker's first try is turned away.
    await expect
      .poll(async () => {
        const listed = await page.request.get(`${server.origin}/api/staff/jobs/failures`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await listed.json()) as { failures: { recipient?: string }[] }).failures.some((f) => f.recipient === email);
      }, { timeout: 30_000 })
      .toBe(true);

    await signInAsStaff(page, server.origin);
    await page.goto(`${server.origin}/staff/failures`);
    const item = page.getByRole('listitem').filter({ hasText: `Email to ${email}` });
    await expect(item).toBeVisible();
    await expect(item.getByText('1', { exact: true })).toBeVisible();

    await item.getByRole('button', { name: /^Retry now/ }).click();
    const failed = item.getByRole('alert');
    await expect(failed).toContainText('Tried again and it failed: The mail server was busy and turned the email away for now.');
    await expect(failed).toContainText('The site will try again by itself at');
    await expect(item.getByText('2', { exact: true })).toBeVisible();
    // The raw error, folded away for whoever puts the mail server right.
    const details = failed.getByText('Technical details');
    await details.click();
    await expect(failed.locator('details')).toContainText('421');
    await expectNoSeriousA11yViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);

    smtp.refusing = false;
    await item.getByRole('button', { name: /^Retry now/ }).click();
    const worked = page.getByRole('status').filter({ hasText: 'Tried again and it worked' });
    await expect(worked).toHaveText(`Tried again and it worked: Email to ${email}: Your CHAPS account: choose a password.`);
    await expect(worked).toBeFocused();
    await expect(item).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    expect(smtp.messages.some((lines) => lines.some((line) => line.includes(email)))).toBe(true);
  });
});
