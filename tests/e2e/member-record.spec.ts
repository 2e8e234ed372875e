/**
 * The member's own record
 * (docs/decisions/0021-member-record-export-and-erasure.md), in Chromium: the
 * demo member's PSA chart online (with axe, and readable on a 360 px phone),
 * then offline after a reload from the saved copy; the GP letter printed to PDF
 * while still offline (one A4 page holding his name and values); his data
 * downloaded as JSON and as a readable page; the page's first-load JavaScript
 * within 170 KB; and a new member deleting his account.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createMember, DEMO_EMAIL, DEMO_PASSWORD, signIn } from './support/members';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';

const VALUES = ['0.9', '3.4', '8.7'];

async function expectChart(page: Page) {
  const chart = page.getByRole('img', { name: /PSA over time: 3 results, the latest 8\.7 ng\/ml .*, red\./ });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.psa-point-label')).toHaveText(VALUES);
  await expect(page.locator('.psa-zone-label')).toHaveText(['Green', 'Amber', 'Red']);
  const table = page.getByRole('table', { name: 'Your PSA results by date' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(3)).toContainText('8.7');
  await expect(table.getByRole('row').nth(3)).toContainText('Red: significantly raised');
}

/** Pages in a PDF Chromium wrote: its page objects are plain text in the file. */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

test.describe('the member’s own record', () => {
  test('chart online and offline, the GP letter as a one-page PDF offline, and his data downloaded', async ({ page, context, browser }) => {
    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    await page.goto('/medical-results');
    await expectChart(page);
    await expectNoSeriousA11yViolations(page);

    // A 360 px phone: the chart fits the screen, nothing scrolls sideways, the labels keep their size.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = await page.locator('.psa-chart svg').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    const labelSize = await page.locator('.psa-point-label').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * (el.closest('svg')!.getBoundingClientRect().width / el.closest('svg')!.viewBox.baseVal.width));
    expect(labelSize).toBeGreaterThanOrEqual(14);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Offline: a reload draws the chart from the saved copy.
    await waitForPersisted(page, 'Chelmsford Community Screening');
    await context.setOffline(true);
    try {
      await page.reload();
      await expectChart(page);
      await expect(page.getByRole('status').filter({ hasText: /Offline: saved/ })).toBeVisible({ timeout: 15_000 });

      // The GP letter, printed while offline: one A4 page with his name, date of birth, NHS number and values.
      await expect(page.getByRole('button', { name: 'Print or save for your GP' })).toBeEnabled();
      await page.emulateMedia({ media: 'print' });
      const letter = page.locator('.gp-letter');
      await expect(letter).toBeVisible();
      await expect(page.locator('#root')).toBeHidden();
      await expect(letter).toContainText('David Thompson');
      await expect(letter).toContainText('943 476 5919');
      for (const value of VALUES) await expect(letter.getByRole('cell', { name: value, exact: true })).toBeVisible();
      await expect(letter).toContainText('Red: significantly raised');
      // The laboratory of each sample, where the event recorded it (the demo's Ipswich and Colchester visits: ESNEFT).
      await expect(letter.getByRole('cell', { name: 'ESNEFT', exact: true })).toHaveCount(2);
      await expect(letter).toContainText('0113 496 0532');
      await expect(letter).toContainText('info@chaps-charity.org.uk');
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfPages(pdf)).toBe(1);
      await page.emulateMedia({ media: 'screen' });
    } finally {
      await context.setOffline(false);
    }

    // His data: a JSON file and a readable page, downloaded from the portal.
    await page.goto('/portal');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data (JSON)' }).click()]);
    expect(json.suggestedFilename()).toMatch(/^chaps-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as { account: { email: string }; profile: { nhs_number: string }; results: { test_result: number }[] };
    expect(data.account.email).toBe(DEMO_EMAIL);
    expect(data.profile.nhs_number).toBe('9434765919');
    expect(data.results.map((r) => r.test_result).sort((a, b) => a - b)).toEqual([0.9, 3.4, 8.7]);
    const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download a readable copy/ }).click()]);
    expect(html.suggestedFilename()).toMatch(/\.html$/);
    expect(await readFile((await html.path())!, 'utf8')).toContain('<h2>PSA results</h2>');
    await expectNoSeriousA11yViolations(page);

    // First-load JavaScript of /medical-results for a signed-in member, as scripts/bench counts it.
    const fresh = await browser.newContext({ serviceWorkers: 'block', storageState: await context.storageState() });
    try {
      const weighed = await fresh.newPage();
      const sizes: Promise<number>[] = [];
      weighed.on('response', (response) => {
        if (response.request().resourceType() === 'script') sizes.push(response.request().sizes().then((s) => s.responseBodySize));
      });
      await weighed.goto('/medical-results', { waitUntil: 'networkidle' });
      await expect(weighed.locator('.psa-point-label')).toHaveCount(3);
      const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      console.log(`/medical-results first-load JavaScript: ${(total / 1000).toFixed(1)} KB`);
      expect(total).toBeLessThanOrEqual(170_000);
    } finally {
      await fresh.close();
    }
  });

  test('a member deletes his account with his password, and is signed out everywhere', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Leaving' });
    await page.goto('/login');
    await signIn(page, member.email, member.password);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    await page.goto('/portal');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page.getByRole('alert')).toContainText('That password is not right');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Your password').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted' })).toBeVisible();
    // The token he held is refused, and his password no longer signs in.
    expect((await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${member.accessToken}` } })).status()).toBe(401);
    await signIn(page, member.email, member.password);
    await expect(page.getByRole('alert')).toContainText(/Invalid login credentials/i);
  });
});
