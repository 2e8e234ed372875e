/**
 * Sample labels and the lab's manifest (docs/rules.md#sample-labels), as
 * the demo staff account on a 360 px phone with touch and on a desktop:
 * labels for everyone booked from the attendee list, printed to PDF on an
 * A4 sheet of 21 (one page for three labels) and on a 62 x 29 mm label
 * printer (one page each); the barcodes decoded back from a screenshot of
 * the page as printed, each a valid sample id of one of the labels; the man
 * without an NHS number listed with what to do; one label at the desk; the
 * manifest with the men checked in, its count and its CSV. Axe on both pages.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { isValidSampleId } from '../../src/domain/sample-id';
import { TEXT_MAX } from '../../src/domain/member-profile';
import { formatNhsNumber, type SampleLabelsAnswer } from '../../src/domain/sample-labels';
import { expectNoSeriousA11yViolations } from './support/axe';
import { decodeCode128, pdfPageSizes } from './support/barcodes';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

const A4 = { width: 210, height: 297 };
const ROLL = { width: 62, height: 29 };
const VALID_NHS = '9434765919';

/** An event later today with four men booked (Dennis without an NHS number) and Arthur and Bertie checked in, over the API. */
async function bookedEvent(request: APIRequestContext, token: string) {
  const name = `Labels Screening ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(request, token, { event_name: name });
  const event = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const slots = await freeSlots(request, event);
  const appointments: Record<string, string> = {};
  for (const [i, firstName] of ['Arthur', 'Bertie', 'Cedric', 'Dennis'].entries()) {
    const member = await createMember(request, { firstName, nhsNumber: firstName === 'Dennis' ? null : VALID_NHS });
    appointments[firstName] = (await bookThroughApi(request, member, event, slots[i]!)).appointment_id;
  }
  const checkedIn = await request.post(`/api/staff/events/${eventId}/check-ins`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { check_ins: ['Arthur', 'Bertie'].map((n) => ({ appointment_id: appointments[n], checked_in_at: new Date().toISOString() })) },
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(200);
  return { eventId, name, appointments };
}

/** Nothing wider than the screen (the manifest's table scrolls inside its own region). */
async function expectFits(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * The pages of the labels printed to PDF, in print media, as a person
 * printing always is: once the media has been switched to print and back
 * (a screenshot as printed), Chromium's page.pdf() in screen media leaves
 * the named pages' sizes out and prints on Letter.
 */
async function pdfSizes(page: Page) {
  await page.emulateMedia({ media: 'print' });
  try {
    return pdfPageSizes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}

/** Every printed label shows all it carries: nothing is cut off at its edge. */
async function expectNothingCutOff(page: Page) {
  await page.emulateMedia({ media: 'print' });
  try {
    const overflowing = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.label-print .sample-label')).filter((label) => label.scrollHeight > label.clientHeight || label.scrollWidth > label.clientWidth).length,
    );
    expect(overflowing).toBe(0);
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}

/** The barcodes in a screenshot of the page as printed. */
async function decodedAsPrinted(page: Page): Promise<string[]> {
  await page.emulateMedia({ media: 'print' });
  try {
    return await decodeCode128(await page.screenshot({ fullPage: true }));
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}

const DEVICES = [
  { name: 'a 360 px phone', use: { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 } },
  { name: 'a desktop', use: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 } },
];

for (const device of DEVICES) {
  test.describe(`labels and the manifest on ${device.name}`, () => {
    test.use(device.use);

    test('staff print labels for everyone and one at the desk, read the barcodes back, and download the manifest', async ({ page, request }) => {
      const token = await staffToken(request);
      const { eventId, appointments } = await bookedEvent(request, token);
      await signInAsStaff(page);
      await page.goto(`/staff/events/${eventId}`);

      // Before the day: labels for everyone booked.
      await page.getByRole('link', { name: 'Print labels' }).click();
      await expect(page.getByRole('heading', { name: 'Sample labels' })).toBeVisible();
      const labels = page.locator('.label-preview').getByRole('article');
      await expect(labels).toHaveCount(3);
      for (const name of ['Arthur Booker', 'Bertie Booker', 'Cedric Booker']) await expect(labels.filter({ hasText: name })).toHaveCount(1);
      await expect(labels.first()).toContainText('NHS 943 476 5919');
      const warning = page.getByRole('region', { name: '1 man has no label' });
      await expect(warning).toContainText('Dennis Booker');
      await expect(warning).toContainText('Ask him to add his NHS number');
      const print = page.getByRole('button', { name: 'Print 3 labels' });
      await expect(print).toBeEnabled();
      await expectFits(page, 'the labels page');
      await expectNoSeriousA11yViolations(page);

      // The ids the server holds (asking again assigns nothing new).
      const held = await request.post(`/api/staff/events/${eventId}/samples`, { headers: { Authorization: `Bearer ${token}` }, data: {} });
      const ids = ((await held.json()) as SampleLabelsAnswer).labels.map((l) => l.sample_id).sort();
      expect(ids).toHaveLength(3);

      // An A4 sheet of 21: three labels on one page; the barcodes read back as the ids.
      await expect(page.getByLabel(/A4 sheet of 21 labels/)).toBeChecked();
      expect(await pdfSizes(page)).toEqual([A4]);
      await expectNothingCutOff(page);
      const decoded = await decodedAsPrinted(page);
      expect(decoded.sort()).toEqual(ids);
      for (const id of decoded) expect(isValidSampleId(id), id).toBe(true);

      // The label printer: one 62 x 29 mm page per label, each barcode still readable.
      await page.getByLabel(/Label printer/).check();
      expect(await pdfSizes(page)).toEqual([ROLL, ROLL, ROLL]);
      await expectNothingCutOff(page);
      expect((await decodedAsPrinted(page)).sort()).toEqual(ids);

      // At the desk: Arthur's label alone, for the label printer.
      await page.getByRole('link', { name: 'Back to the attendee list' }).click();
      await page.getByRole('link', { name: 'Print label for Arthur Booker' }).click();
      await expect(page.getByRole('heading', { name: 'Sample label' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/staff/events/${eventId}/labels\\?appointment=${appointments.Arthur}$`));
      await expect(page.locator('.label-preview').getByRole('article')).toHaveCount(1);
      await expect(page.locator('.label-preview').getByRole('article')).toContainText('Arthur Booker');
      await expect(page.getByLabel(/Label printer/)).toBeChecked();
      await expect(page.getByRole('button', { name: 'Print the label' })).toBeEnabled();
      expect(await pdfSizes(page)).toEqual([ROLL]);
      const arthur = (await decodedAsPrinted(page))[0];
      expect(ids).toContain(arthur);

      // The lab's manifest: the two men checked in.
      await page.getByRole('link', { name: 'Back to the attendee list' }).click();
      await page.getByRole('link', { name: 'Lab manifest' }).click();
      await expect(page.getByRole('heading', { name: 'Laboratory manifest' })).toBeVisible();
      await expect(page.getByTestId('manifest-count')).toHaveText('2');
      const table = page.getByRole('table', { name: '2 samples' });
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table).toContainText('Arthur Booker');
      await expect(table).not.toContainText('Cedric Booker');
      await expectNoSeriousA11yViolations(page);
      await expectFits(page, 'the manifest page');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^lab-manifest-\d{4}-\d{2}-\d{2}-labels-screening-\d+\.csv$/);
      const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
      expect(lines[0]).toBe('sample_id,full_name,date_of_birth,nhs_number,sex,collection_date,collection_time,event,venue,lab');
      expect(lines).toHaveLength(3);
      // Written as a spreadsheet keeps them: the id 4-4 and the NHS number 3-3-4 (docs/rules.md#sample-labels).
      expect(lines.slice(1).every((line) => ids.includes(line.split(',')[0]!.replace('-', '')) && line.includes(`,${formatNhsNumber(VALID_NHS)},M,`))).toBe(true);
    });
  });
}

/**
 * The name's block and the lines after it, on each label as shown and as
 * printed: the name's bottom above the DOB and NHS line's top, that line
 * inside the label, and the name not clipped (set whole, however small).
 */
async function nameClearOfDob(page: Page, where: '.label-preview' | '.label-print') {
  return page.evaluate((where) => {
    return Array.from(document.querySelectorAll<HTMLElement>(`${where} .sample-label`)).map((label) => {
      const name = label.querySelector<HTMLElement>('.sample-label-name')!;
      const dob = name.nextElementSibling as HTMLElement;
      const [n, d, l] = [name, dob, label].map((el) => el.getBoundingClientRect());
      const padding = parseFloat(getComputedStyle(label).paddingBottom);
      return {
        dob: dob.textContent,
        clear: n!.bottom <= d!.top + 0.5,
        inside: d!.bottom <= l!.bottom - padding + 0.5,
        whole: name.scrollHeight <= name.clientHeight + 1,
      };
    });
  }, where);
}

test('the longest name a profile allows is set whole and clear above the DOB and NHS line, on the sheet and the roll', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await staffToken(request);
  const name = `Long Name Labels ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(request, token, { event_name: name });
  const event = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const member = await createMember(request, { firstName: 'Maximilian', nhsNumber: VALID_NHS });
  // A first and a last name of TEXT_MAX (100) characters each, one with spaces and hyphens, one a single word.
  const first = 'Maximilian Bartholomew-Alexander Fitzwilliam '.repeat(3).slice(0, TEXT_MAX - 1) + 'X';
  const last = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, TEXT_MAX);
  expect([first.length, last.length]).toEqual([TEXT_MAX, TEXT_MAX]);
  const renamed = await request.patch('/api/auth/profile', { headers: { Authorization: `Bearer ${member.accessToken}` }, data: { first_name: first, last_name: last } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await bookThroughApi(request, member, event, (await freeSlots(request, event))[0]!);
  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}/labels`);
  const label = page.locator('.label-preview').getByRole('article');
  await expect(label).toHaveCount(1);
  await expect(label).toContainText(`${first} ${last}`);
  for (const layout of [/A4 sheet of 21 labels/, /Label printer/]) {
    await page.getByLabel(layout).check();
    expect(await nameClearOfDob(page, '.label-preview'), `${layout} on screen`).toEqual([{ dob: expect.stringContaining('NHS 943 476 5919'), clear: true, inside: true, whole: true }]);
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await nameClearOfDob(page, '.label-print'), `${layout} printed`).toEqual([{ dob: expect.stringContaining('NHS 943 476 5919'), clear: true, inside: true, whole: true }]);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    await expectNothingCutOff(page);
  }
});
