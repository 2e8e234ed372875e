/**
 * Four member pages on a 360 px phone whose clock is in New York: the
 * readable copy of his data reads as words; the PSA chart of ten results
 * over six years at 320, 360 and 412 px names every band, keeps its labels
 * inside it and clear of each other, with dated ticks up to his newest result;
 * the booking confirmation wraps a long email address at 320 px; the
 * unsubscribe page is a page of the site (its header, type and a 44 px
 * button) that works with JavaScript off; and the first focus of the date
 * of birth at sign-up shows the age notice, not the age error. axe on each.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { createUnsubscribeLinks } from '../../server/modules/members/email-choices-service';
import { signerFromSecret } from '../../server/platform/signing';
import { expectNoSeriousA11yViolations } from './support/axe';
import { BOOKING_CONFIRMED_MESSAGE } from '../../src/domain/booking';
import type { ScreeningEvent } from '../../src/domain/event';
import { bookThroughApi, freeSlots } from './support/booking';
import { bornYearsAgo, createMember, DEMO_EMAIL, DEMO_PASSWORD, signIn, signInAt } from './support/members';
import { createEventAsStaff, inDays, staffToken } from './support/staff';
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

  // Ten results over six years, November 2020 to November 2026, as the results API would give them.
  const TEN_RESULTS: [string, number, 'green' | 'amber' | 'red'][] = [
    ['2020-11-14', 0.9, 'green'], ['2021-06-05', 1.1, 'green'], ['2021-12-11', 1.4, 'green'], ['2022-06-18', 1.9, 'green'],
    ['2023-01-21', 2.3, 'amber'], ['2023-08-12', 2.1, 'amber'], ['2024-03-09', 2.8, 'amber'], ['2025-01-18', 3.4, 'amber'],
    ['2025-09-20', 4.1, 'amber'], ['2026-11-19', 8.7, 'red'],
  ];
  for (const width of [320, 360, 412]) {
    test(`at ${width} px the PSA chart of ten results over six years: every band named, labels inside it and never meeting, its axis dated up to the newest result`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.route('**/api/medical/results/**', (route) =>
        route.fulfill({
          json: {
            data: TEN_RESULTS.map(([date, value, band], i) => ({
              appointment: { event_name: `Screening ${i + 1}`, product_name: 'PSA Blood Test', event_date: date, lab_name: null },
              result: { test_result: value, test_unit: 'ng/ml', comments: null, sample_date: date, next_test_due: null, band, rule_version: 1 },
            })),
          },
        }),
      );
      await signInAsDemo(page, '/medical-results');
      await expect(page.locator('.psa-point-label')).toHaveText(TEN_RESULTS.map(([, value]) => String(value)), { timeout: 15_000 });
      await expect(page.locator('.psa-zone-label')).toHaveText(['Green', 'Amber', 'Red']);

      const ticks = await page.locator('.psa-chart text.psa-tick').allTextContents();
      const dated = ticks.filter((t) => /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/.test(t));
      expect(dated.length, ticks.join(' | ')).toBeGreaterThanOrEqual(3);
      expect(dated[0]).toBe('Nov 2020');
      // The axis's dates reach his newest result (November 2026), not a year short of it.
      expect(dated[dated.length - 1], ticks.join(' | ')).toBe('Nov 2026');
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

  test('the booking confirmation at 320 px with a long email address: the address wraps, no sideways scroll', async ({ page, request }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    const token = await staffToken(request);
    const created = await createEventAsStaff(request, token, { event_name: `Long Address Screening ${Date.now()}`, event_date: inDays(6) });
    const event = ((await (await request.get(`/api/events/${created.event_id}`)).json()) as { event: ScreeningEvent }).event;
    // An address of some sixty characters with no space to break at.
    const member = await createMember(request, { firstName: 'Maximilianbartholomewfitzwilliam' });
    expect(member.email.length).toBeGreaterThan(55);
    const { appointment_id: id } = await bookThroughApi(request, member, event, (await freeSlots(request, event))[0]!);
    await signInAt(page, member, `/booking-success?appointment=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: BOOKING_CONFIRMED_MESSAGE })).toBeVisible();
    await expect(page.getByText(`We have emailed your confirmation to ${member.email}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoSeriousA11yViolations(page);
  });

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
