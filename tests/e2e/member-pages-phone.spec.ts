/**
 * Four member pages on a 360 px phone whose clock is in New York: the
 * readable copy of his data reads as words; the PSA chart's labels stay
 * inside it and clear of each other, with dated ticks across his results;
 * the unsubscribe page is a page of the site (its header, type and a 44 px
 * button) that works with JavaScript off; and the first focus of the date
 * of birth at sign-up shows the age notice, not the age error. axe on each.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { createUnsubscribeLinks } from '../../server/modules/members/email-choices-service';
import { signerFromSecret } from '../../server/platform/signing';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bornYearsAgo, createMember, DEMO_EMAIL, DEMO_PASSWORD, signIn } from './support/members';
import { E2E_LINK_SIGNING_SECRET } from './support/settings';

test.use({ viewport: { width: 360, height: 740 }, timezoneId: 'America/New_York' });

async function signInAsDemo(page: Page, path: string) {
  await page.goto('/login');
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await page.goto(path);
}

const DATE_IN_WORDS = /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/;

test.describe('member pages on a phone', () => {
  test('the readable copy of his data is words: no stored names, ISO times, true/false or braces, and every value of the JSON', async ({ page }) => {
    await signInAsDemo(page, '/portal');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data (JSON)' }).click()]);
    const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as { profile: Record<string, unknown>; results: { test_result: number }[] };
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download a readable copy/ }).click()]);
    await page.setContent(await readFile((await download.path())!, 'utf8'));

    await expect(page.getByRole('heading', { level: 1, name: 'Your data held by CHAPS' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your profile' })).toBeVisible();
    const profile = page.getByRole('table').filter({ has: page.getByRole('rowheader', { name: 'Date of birth' }) });
    await expect(profile.getByRole('row', { name: 'NHS number 9434765919' })).toBeVisible();
    await expect(profile.getByRole('row', { name: /^Date of birth/ }).getByRole('cell')).toHaveText(DATE_IN_WORDS);
    await expect(profile.getByRole('row', { name: /^Details checked by the charity/ }).getByRole('cell')).toHaveText(/^(Yes|No)$/);
    await expect(page.getByRole('row', { name: /^Appointment reminders (Yes|No)$/ })).toBeVisible();

    const text = await page.locator('body').innerText();
    for (const value of [data.profile.first_name, data.profile.last_name, data.profile.nhs_number, data.profile.email]) expect(text).toContain(String(value));
    for (const r of data.results) expect(text).toContain(`${r.test_result} ng/ml`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/\b(true|false)\b/i);
    expect(text).not.toMatch(/[{}]/);
    for (const raw of ['Ni number', 'Nhs number', 'Nhs gp email', 'Is verified', 'Recall months override', 'Test result', 'user_metadata']) expect(text).not.toContain(raw);
    // A phone shows it without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
  });

  for (const width of [360, 412]) {
    test(`at ${width} px the PSA chart's labels stay inside it and never meet, and its axis is dated across his results`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // His results from September 2024 to November 2026, as the results API would give them.
      await page.route('**/api/medical/results/**', (route) =>
        route.fulfill({
          json: {
            data: [
              ['Colchester Community Screening', '2024-09-12', 0.9],
              ['Ipswich Freemasons Screening', '2025-09-18', 3.4],
              ['Chelmsford Community Screening', '2025-12-04', 4.1],
              ['Norwich Community Screening', '2026-11-19', 8.7],
            ].map(([name, date, value]) => ({
              appointment: { event_name: name, product_name: 'PSA Blood Test', event_date: date, lab_name: null },
              result: { test_result: value, test_unit: 'ng/ml', comments: null, sample_date: date, next_test_due: null },
            })),
          },
        }),
      );
      await signInAsDemo(page, '/medical-results');
      await expect(page.locator('.psa-point-label')).toHaveText(['0.9', '3.4', '4.1', '8.7'], { timeout: 15_000 });
      await expect(page.locator('.psa-zone-label')).toHaveText(['Green', 'Amber', 'Red']);

      const ticks = await page.locator('.psa-chart text.psa-tick').allTextContents();
      const dated = ticks.filter((t) => /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/.test(t));
      expect(dated.length, ticks.join(' | ')).toBeGreaterThanOrEqual(3);
      expect(dated[0]).toBe('Sep 2024');
      expect(dated[dated.length - 1]).toMatch(/ 2026$/);
      expect(ticks.filter((t) => /^\d{4}$/.test(t))).toEqual([]);

      const geometry = await page.locator('.psa-chart').evaluate((chart) => {
        const svg = chart.querySelector('svg')!.getBoundingClientRect();
        const box = chart.getBoundingClientRect();
        const labels = Array.from(chart.querySelectorAll('text'), (t) => {
          const r = t.getBoundingClientRect();
          return { text: t.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        });
        return { svg: { left: svg.left, right: svg.right, top: svg.top, bottom: svg.bottom }, box: { left: box.left, right: box.right }, labels };
      });
      for (const l of geometry.labels) {
        expect(l.left, l.text).toBeGreaterThanOrEqual(Math.max(geometry.svg.left, geometry.box.left) - 0.5);
        expect(l.right, l.text).toBeLessThanOrEqual(Math.min(geometry.svg.right, geometry.box.right) + 0.5);
        expect(l.top, l.text).toBeGreaterThanOrEqual(geometry.svg.top - 0.5);
        expect(l.bottom, l.text).toBeLessThanOrEqual(geometry.svg.bottom + 0.5);
      }
      for (let i = 0; i < geometry.labels.length; i += 1) {
        for (let j = i + 1; j < geometry.labels.length; j += 1) {
          const [a, b] = [geometry.labels[i]!, geometry.labels[j]!];
          const meet = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(meet, `"${a.text}" meets "${b.text}"`).toBe(false);
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('the unsubscribe page is a page of the site, with JavaScript off: its header, type and a 44 px button that unsubscribes', async ({ page, browser, request }) => {
    const member = await createMember(request, { firstName: 'Unwin' });
    const { userProfile } = (await (await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${member.accessToken}` } })).json()) as { userProfile: { public_id: string } };
    const { url } = await createUnsubscribeLinks(signerFromSecret(E2E_LINK_SIGNING_SECRET), 'http://localhost').linkFor(userProfile.public_id, 'reminders');
    const path = url.slice('http://localhost'.length);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, timezoneId: 'America/New_York', serviceWorkers: 'block' });
    try {
      const noScript = await context.newPage();
      const refused: string[] = [];
      noScript.on('console', (message) => message.text().includes('Content Security Policy') && refused.push(message.text()));
      await noScript.goto(path);
      await expect(noScript.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
      // The site's header, its stylesheet's type, and no page of the app needing code.
      const banner = noScript.getByRole('banner');
      await expect(banner.getByRole('link', { name: /CHAPS.*home page/ })).toBeVisible();
      await expect(banner.getByRole('link', { name: '0808 157 0420' })).toBeVisible();
      const font = await noScript.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(font).toContain('system-ui');
      expect(await noScript.evaluate(() => getComputedStyle(document.querySelector('h1')!).color)).toBe('rgb(11, 61, 110)');
      const button = noScript.getByRole('button', { name: 'Unsubscribe' });
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(await noScript.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await button.click();
      await expect(noScript.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
      await expect(noScript.getByRole('status')).toHaveText('You will no longer get reminders the day before your appointments.');
      await expect(noScript.getByRole('banner').getByRole('link', { name: /CHAPS.*home page/ })).toBeVisible();
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
    // axe runs as a script, so it checks the same pages in a browser with JavaScript on (opening the link changes nothing).
    await page.goto(path);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const choices = (await (await request.get('/api/email-choices', { headers: { Authorization: `Bearer ${member.accessToken}` } })).json()) as { choices: { reminders: boolean } };
    expect(choices.choices.reminders).toBe(false);
  });

  test('the first focus of the date of birth shows the age notice, not the age error; an age outside 40 to 80 shows the error', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Date of birth').click();
    const notice = page.getByRole('dialog', { name: 'Screening is for men aged 40 to 80' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Age Restriction Error' })).toHaveCount(0);
    await expect(notice).not.toContainText('Error');
    // Information, not an error: the heading is in the site's heading colour, not red.
    expect(await notice.getByRole('heading').evaluate((h) => getComputedStyle(h).color)).toBe('rgb(11, 61, 110)');
    const ok = notice.getByRole('button', { name: 'OK' });
    expect((await ok.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page);
    await ok.click();
    await expect(notice).toBeHidden();
    await expect(page.getByLabel('Date of birth')).toBeFocused();

    // An eligible man of 65 sees nothing more.
    await page.getByLabel('Date of birth').fill(bornYearsAgo(65));
    await page.getByLabel('Gender').focus();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // An age outside 40 to 80: the age error, with the inline message.
    await page.getByLabel('Date of birth').fill(bornYearsAgo(85));
    await page.getByLabel('Gender').focus();
    const error = page.getByRole('dialog', { name: 'Age Restriction Error' });
    await expect(error).toBeVisible();
    await expect(error).toContainText('aged 40 to 80 only');
    await expectNoSeriousA11yViolations(page);
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('You must be between 40 and 80 years old to register.')).toBeVisible();
  });
});
