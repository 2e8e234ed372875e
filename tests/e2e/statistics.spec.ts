/**
 * The charity's figures from the data
 * (docs/decisions/0022-screening-statistics.md), on a 360 px phone whose clock
 * is in Los Angeles: staff record what followed an amber result beside it on
 * the attendee list, open the statistics, filter them, download the CSV; this
 * year cannot be published (it is not over), last year can (and not again
 * after one late result: docs/decisions/0035), and so can the year before
 * after it; the public statistics page then shows each published year
 * (the earlier one in place of its typed-in figures, the research summary the
 * latest year above its 2023 summary), and both still do offline after a
 * reload. Axe on every page.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { londonDate } from '../../src/domain/london-time';
import { tooLittleChangedMessage } from '../../src/domain/statistics-releases';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { indexedDbText, waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';
import type { ScreeningEvent } from '../../src/domain/event';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/Los_Angeles' });

async function expectFits(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

/** A held event today with one member (58: amber from 2.00 ng/ml) and his amber result (sampled on `sampleDate`, today by default), over the API. */
async function amberResult(page: Page, name: string, sampleDate?: string): Promise<string> {
  const request = page.request;
  const token = await staffToken(request);
  const { event_id: eventId } = await createEventAsStaff(request, token, { event_name: name });
  const member = await createMember(request, { firstName: 'Horace' });
  const event = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, event);
  const { appointment_id: appointmentId } = await bookThroughApi(request, member, event, slot!);
  const saved = await request.put(`/api/staff/events/${eventId}/attendees/${appointmentId}/result`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { test_result: '2.60', ...(sampleDate ? { sample_date: sampleDate } : {}) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return eventId;
}

test('staff record a follow-up, read, filter, download and publish the figures; the public page shows them, offline too', async ({ page, context }) => {
  const year = londonDate(new Date()).slice(0, 4);
  const lastYear = String(Number(year) - 1);
  const yearBefore = String(Number(year) - 2);
  await signInAsStaff(page);
  const eventId = await amberResult(page, `Shotley Peninsula Screening ${Date.now()}`);
  // Results sampled in the two years before this one, so there is something to publish for each.
  await amberResult(page, `Felixstowe Screening ${Date.now()}`, `${lastYear}-11-15`);
  await amberResult(page, `Woodbridge Screening ${Date.now()}`, `${yearBefore}-05-10`);

  // The follow-up beside the amber result, on the phone's card.
  await page.goto(`/staff/events/${eventId}`);
  const card = page.getByRole('listitem').filter({ hasText: 'Horace Booker' });
  const followUp = card.getByRole('form', { name: 'Follow-up for Horace Booker' });
  await expect(followUp).toBeVisible();
  await followUp.getByRole('combobox', { name: 'Follow-up for Horace Booker' }).selectOption({ label: 'Cancer diagnosed: radical treatment' });
  await followUp.getByRole('button', { name: 'Save follow-up for Horace Booker' }).click();
  await expect(followUp.getByRole('status')).toHaveText('Follow-up saved.');
  await expectFits(page, 'the attendee list with a follow-up');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Follow-up for Horace Booker' })).toHaveValue('cancer_radical');

  // The figures: from the events list, this year by default.
  await page.goto('/staff');
  await page.getByRole('link', { name: 'Screening statistics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Screening statistics' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${year}: All event types` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By event type' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'What followed the abnormal results' })).toBeVisible();
  await expectFits(page, '/staff/statistics');
  await expectNoSeriousA11yViolations(page);

  // Filtered to corporate events (the journey's event is one), kept in the address.
  await page.getByRole('combobox', { name: 'Event type' }).selectOption({ label: 'Corporate' });
  await expect(page.getByRole('heading', { level: 2, name: `${year}: Corporate` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`year=${year}&event_type=corporate`));
  const byType = page.getByRole('table', { name: 'By event type' });
  // None at community events this year in the corporate view: a zero reads as a count of 1 to 4 would.
  await expect(byType.getByRole('row', { name: /^Community not shown not shown/ })).toBeVisible();

  // The CSV of what is shown.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: new RegExp(`^Download CSV ?: ${year}, Corporate$`) }).click()]);
  expect(download.suggestedFilename()).toBe(`screening-statistics-${year}-corporate.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('year,event_type,section,group,measure,value');
  expect(csv).toContain(`${year},Corporate,Summary,,Tests,`);

  // This year is still running: no Publish, and the reason.
  const publishing = page.getByRole('region', { name: 'The public statistics page' });
  await expect(publishing).toContainText(`${year} is not over yet. Only a year that has ended can be published`);
  await expect(publishing.getByRole('button', { name: new RegExp(`^Publish ${year}`) })).toHaveCount(0);

  // Last year, asked once more.
  await publishing.getByRole('button', { name: `Show ${lastYear}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${lastYear}: Corporate` })).toBeVisible();
  await publishing.getByRole('button', { name: new RegExp(`^Publish ${lastYear}`) }).click();
  await publishing.getByRole('button', { name: `Yes, publish ${lastYear}` }).click();
  const status = publishing.getByRole('status');
  // One sentence: which year, when it was published, and its figures.
  // A hidden figure reads "men screened: not shown" (its words say nothing of its size).
  await expect(status).toHaveText(
    new RegExp(`^The public page shows ${lastYear} as published on \\d{1,2} [A-Z][a-z]+ ${year} at \\d\\d:\\d\\d: [^:;]*men screened(?:: not shown)?; [^]*\\.$`),
  );
  const first = await status.textContent();
  // One late result for last year comes in. Publishing again is only for a correction, and only once every figure that changed did so by 5 or more: refused, and said why.
  await amberResult(page, `Aldeburgh Screening ${Date.now()}`, `${lastYear}-12-01`);
  await publishing.getByRole('button', { name: `Publish ${lastYear} again` }).click();
  await expect(publishing).toContainText('It can be published again only once every figure that has changed since has changed by 5 or more');
  await publishing.getByRole('button', { name: `Yes, publish ${lastYear}` }).click();
  await expect(publishing.getByRole('alert')).toHaveText(`Not published: ${tooLittleChangedMessage(Number(lastYear))}`);
  await expect(status).toHaveText(first!);
  await expectNoSeriousA11yViolations(page);

  // Then the year before: an earlier year published after a later one.
  await page.getByRole('combobox', { name: 'Year' }).selectOption(yearBefore);
  await expect(status).toHaveText(`${yearBefore} is not published; the public page shows ${lastYear} from the data.`);
  await publishing.getByRole('button', { name: new RegExp(`^Publish ${yearBefore}`) }).click();
  await publishing.getByRole('button', { name: `Yes, publish ${yearBefore}` }).click();
  await expect(status).toContainText(`The public page shows ${yearBefore} as published on`);

  // The public page: both published years from the data (the earlier one in place of its typed-in figures), the typed-in 2023 below.
  await page.goto('/information-hub/statistics');
  const published = page.locator('[data-figures="published"]');
  await expect(published.getByRole('heading', { level: 2, name: lastYear })).toBeVisible();
  await expect(published.getByRole('heading', { level: 2, name: yearBefore })).toBeVisible();
  await expect(page.locator('[data-figures="typed"]').getByRole('heading', { name: yearBefore })).toHaveCount(0);
  await expect(published.first()).toContainText('men screened');
  await expect(published.first()).toContainText('From our screening records, published');
  await expect(page.locator('[data-figures="typed"]').getByRole('heading', { name: '2023' })).toBeVisible();
  await expectFits(page, '/information-hub/statistics');
  await expectNoSeriousA11yViolations(page);

  // The research summary: the 2023 summary as typed in, the latest published year above it.
  await page.goto('/about-us/research');
  await expect(page.getByRole('heading', { level: 2, name: `Our latest figures: ${lastYear}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What we found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/information-hub/statistics');

  // Offline: the saved copy of the published figures, after a reload.
  await waitForServiceWorkerControl(page);
  await expect(published.first()).toBeVisible();
  await waitForPersisted(page, 'published_at');
  // The copy saved with both years, not an earlier one saved on the staff page before the second Publish.
  for (const saved of [lastYear, yearBefore]) {
    await expect.poll(async () => new RegExp(`year\\\\?":${saved}\\b`).test(await indexedDbText(page)), { message: `IndexedDB never saved ${saved}` }).toBe(true);
  }
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-figures="published"]').getByRole('heading', { level: 2, name: lastYear })).toBeVisible();
  await expect(page.locator('[data-figures="published"]').getByRole('heading', { level: 2, name: yearBefore })).toBeVisible();
  await expect(page.locator('[data-figures="published"]').first()).toContainText('men screened');
  await page.goto('/about-us/research');
  await expect(page.getByRole('heading', { level: 2, name: `Our latest figures: ${lastYear}` })).toBeVisible();
  await context.setOffline(false);
});
