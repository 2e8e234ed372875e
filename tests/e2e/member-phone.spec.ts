/**
 * The returning member on a phone, in a
 * 412 px Chromium whose clock is in Los Angeles: one clear statement per
 * result, Remove from this device leaves nothing of his behind, his past
 * appointments under My bookings, a consent link on the server's own port,
 * and a sign-up confirmation that does not claim a sign-in that never was.
 */
import { expect, test, type Page } from './support/test';
import { execFileSync } from 'node:child_process';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './support/members';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { E2E_LINK_SIGNING_SECRET, E2E_PORT } from './support/settings';

test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'America/Los_Angeles' });

const GREEN_TEXT = 'rgb(11, 107, 47)';

async function signInAsDemo(page: Page, path: string) {
  await page.goto('/login');
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await page.goto(path);
}

const occurrences = (text: string, needle: RegExp) => (text.match(new RegExp(needle.source, 'gi')) ?? []).length;

test.describe('the returning member on a phone', () => {
  test('each result says one thing: its band once, its advice once, and no green line under a red result', async ({ page }) => {
    await signInAsDemo(page, '/medical-results');
    const red = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Chelmsford Community Screening' }) });
    await expect(red).toContainText('8.7 ng/ml');
    const redText = (await red.innerText()).replace(/\s+/g, ' ');
    expect(occurrences(redText, /significantly raised/), redText).toBe(1);
    expect(occurrences(redText, /see your GP/), redText).toBe(1);
    const colours = await red.locator('*').evaluateAll((els) =>
      els.filter((el) => el.children.length === 0 && el.textContent?.trim()).map((el) => getComputedStyle(el).color),
    );
    expect(colours).not.toContain(GREEN_TEXT);

    const amber = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ipswich Freemasons Screening' }) });
    const amberText = (await amber.innerText()).replace(/\s+/g, ' ');
    expect(occurrences(amberText, /slightly raised/), amberText).toBe(1);
    expect(occurrences(amberText, /Repeat the test in 3 months/), amberText).toBe(1);

    // A comment that says more than the band keeps what it adds.
    const green = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Colchester Community Screening' }) });
    const greenText = (await green.innerText()).replace(/\s+/g, ' ');
    expect(occurrences(greenText, /Green: normal/), greenText).toBe(1);
    expect(greenText).toContain('Next appointment in years: 2');

    const waiting = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Norwich Community Screening' }) });
    await expect(waiting).toContainText('No lab result');
    // Awaited, in words: no "N/A" and no "Next appointment in years: N/A".
    await expect(waiting).toContainText('Not back from the laboratory yet');
    await expect(waiting).not.toContainText('N/A');
    await expect(page.getByText('Lab result ready')).toHaveCount(3);
  });

  test('Remove from this device leaves none of his results, bookings or profile in the Offline data panel', async ({ page }) => {
    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    await page.goto('/medical-results');
    await expect(page.getByText('Norwich Community Screening')).toBeVisible();
    await waitForPersisted(page, 'Norwich Community Screening');
    await page.goto('/portal');
    const kept = page.getByRole('list', { name: 'Kept on this device' });
    await expect(kept).toContainText('Your results: 1', { timeout: 15_000 });

    await page.getByRole('button', { name: 'Remove from this device' }).click();
    await expect(page.getByText('Removed from this device.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Your results|Your bookings/)).toHaveCount(0);
    // Still nothing once the phone has had time to write its saved copy again.
    await page.waitForTimeout(2_500);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Offline data' })).toBeVisible();
    await expect(page.getByText('Checking this device…')).toHaveCount(0);
    await expect(page.getByText(/Your results|Your bookings/)).toHaveCount(0);
  });

  test('My bookings lists his past appointments, newest first', async ({ page }) => {
    await signInAsDemo(page, '/my-bookings');
    await expect(page.getByRole('heading', { name: 'My bookings', level: 1 })).toBeVisible();
    const past = page.getByRole('region', { name: 'Past and cancelled' });
    await expect(past.locator('.booking-list > li')).toHaveCount(4);
    await expect(past.locator('.booking-list > li').first()).toContainText('Norwich Community Screening');
    await expect(past.locator('.booking-list > li').last()).toContainText('Colchester Community Screening');
    await expect(page.getByText('You have no bookings yet.')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  });

  test('npm run consent-link prints a link on the port the server listens on', async ({ page }) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(E2E_PORT), LINK_SIGNING_SECRET: E2E_LINK_SIGNING_SECRET };
    delete env.SITE_URL;
    const output = execFileSync('npx', ['tsx', 'scripts/consent-link.ts', '--profile', 'CHAPS1001', '--date', '2026-12-01'], { env, encoding: 'utf8' }).trim();
    expect(output.startsWith(`http://localhost:${E2E_PORT}/test-consent?`), output).toBe(true);
    await page.goto(output);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await expect(page.getByText('Invalid or missing parameters.')).toHaveCount(0);
  });

  test('/signup-success opened without signing in does not say he is signed in', async ({ page }) => {
    await page.goto('/signup-success');
    await expect(page.getByRole('heading', { name: 'Signup Successful!' })).toBeVisible();
    await expect(page.getByText(/signed in/i)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
