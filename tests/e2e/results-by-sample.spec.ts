/**
 * Results matched by the tube's sample id, on a 360 px staff phone with
 * touch (docs/rules.md#results-entry): a lab file with one good id and one
 * with two characters swapped saves one result and holds the other under
 * Needs checking, its man not emailed; staff attach it by typing his tube's
 * sample id, check his details beside the line's and confirm; he is then
 * emailed once and reads his result. A held line whose man then deletes
 * his account says its details were erased, shows nothing else, and can
 * only be discarded. Samples are labelled through the staff API, as
 * printing an event's labels does. Axe on each screen.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatSampleId } from '../../src/domain/sample-id';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots, mailsTo } from './support/booking';
import { createMember, signInAt } from './support/members';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, timezoneId: 'America/Los_Angeles' });

const READY = 'Your PSA result is ready';

/** The bookings' sample ids, assigned as printing the event's labels assigns them. */
async function labelSamples(request: APIRequestContext, token: string, eventId: string, appointmentIds: string[]): Promise<Map<string, string>> {
  const response = await request.post(`/api/staff/events/${eventId}/samples`, { headers: { Authorization: `Bearer ${token}` }, data: { appointment_ids: appointmentIds } });
  expect(response.status(), await response.text()).toBe(200);
  const { labels } = (await response.json()) as { labels: { appointment_id: string; sample_id: string }[] };
  return new Map(labels.map((l) => [l.appointment_id, l.sample_id]));
}

/** The men's arrival at the door, as a phone's check-in records it (a tube of a man never checked in is held). */
async function checkIn(request: APIRequestContext, token: string, eventId: string, appointmentIds: string[]): Promise<void> {
  const check_ins = appointmentIds.map((appointment_id) => ({ appointment_id, checked_in_at: new Date().toISOString() }));
  const response = await request.post(`/api/staff/events/${eventId}/check-ins`, { headers: { Authorization: `Bearer ${token}` }, data: { check_ins } });
  expect(response.status(), await response.text()).toBe(200);
  const { results } = (await response.json()) as { results: { outcome: string }[] };
  expect(results.map((r) => r.outcome)).toEqual(appointmentIds.map(() => 'recorded'));
}

/** The id with two neighbouring characters swapped (the first unequal pair): a slip the check character refuses. */
function swapped(id: string): string {
  for (let i = 0; i + 1 < id.length; i += 1) {
    if (id[i] !== id[i + 1]) return id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
  }
  throw new Error(`no two neighbouring characters differ in ${id}`);
}

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('a transposed sample id is held, attached by his tube with his details checked, and only then is he told', async ({ page, browser, request }) => {
  const token = await staffToken(request);
  const name = `Tube Matching ${Date.now()}`;
  const event = await createEventAsStaff(request, token, { event_name: name });
  const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [first, second, third] = await freeSlots(request, published);
  const good = await createMember(request, { firstName: 'Godfrey', nhsNumber: '9434765919' });
  const held = await createMember(request, { firstName: 'Horace', nhsNumber: '4010232137' });
  const typed = await createMember(request, { firstName: 'Ivor', nhsNumber: '9434765870' });
  const goodBooking = await bookThroughApi(request, good, published, first!);
  const heldBooking = await bookThroughApi(request, held, published, second!);
  const typedBooking = await bookThroughApi(request, typed, published, third!);
  const samples = await labelSamples(request, token, event.event_id, [goodBooking.appointment_id, heldBooking.appointment_id, typedBooking.appointment_id]);
  const goodSample = samples.get(goodBooking.appointment_id)!;
  const heldSample = samples.get(heldBooking.appointment_id)!;
  const typedSample = samples.get(typedBooking.appointment_id)!;
  await checkIn(request, token, event.event_id, [goodBooking.appointment_id, heldBooking.appointment_id, typedBooking.appointment_id]);

  await signInAsStaff(page);
  await page.goto(`/staff/events/${event.event_id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();

  await page.getByLabel('Results file (CSV)').setInputFiles({
    name: 'lab.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sample_id,psa_ng_ml,comment\n${formatSampleId(goodSample)},1.20,Normal\n${formatSampleId(swapped(heldSample))},5.50,Raised\n`),
  });
  await expect(page.getByText(/Saved 1 result from lab\.csv.*1 line needs checking/)).toBeVisible();
  const checking = page.getByRole('region', { name: /Needs checking/ });
  await expect(checking.getByRole('heading', { name: 'Needs checking (1)' })).toBeVisible();
  await expect(checking.getByText(`Check character wrong: ${formatSampleId(swapped(heldSample))} is not a valid sample id (a typing or transposition error).`)).toBeVisible();
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);

  // The good line's man is told; the held line's is not.
  await expect.poll(async () => (await mailsTo(request, good.email)).filter((m) => m.subject === READY).length).toBe(1);
  expect((await mailsTo(request, held.email)).filter((m) => m.subject === READY)).toHaveLength(0);

  // Attach by his tube: a mistyped id is refused as typed, his real one finds him, shown beside the line.
  await checking.getByRole('button', { name: 'Attach line 3 to a man' }).tap();
  const tube = checking.getByLabel("Scan or type the tube's sample id");
  await tube.fill(swapped(heldSample).toLowerCase());
  await expect(checking.getByText(/is not a valid sample id: its last character does not match/)).toBeVisible();
  await tube.fill(formatSampleId(heldSample));
  await tube.press('Enter');
  const beside = checking.getByRole('table', { name: 'The line in the file beside the man whose tube you scanned' });
  await expect(beside.getByRole('row', { name: /Name Not in the file Horace Booker/ })).toBeVisible();
  await expect(beside.getByRole('row', { name: /NHS number Not in the file 401 023 2137/ })).toBeVisible();
  const attach = checking.getByRole('button', { name: 'Attach the result to Horace Booker' });
  await expect(attach).toBeDisabled();
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);
  await checking.getByLabel(/I have checked that this line is Horace Booker's result/).check();
  await attach.tap();
  await expect(page.getByRole('region', { name: /Needs checking/ }).getByRole('heading', { name: 'Needs checking (0)' })).toBeVisible();
  await expect(page.getByText('5.5 ng/ml')).toBeVisible();

  // One result typed from the tube: his details shown to check, then his form.
  const fromTube = page.getByRole('region', { name: 'Enter a result from the tube' });
  const tubeField = fromTube.getByLabel("Scan or type the tube's sample id");
  await tubeField.fill(typedSample.toLowerCase());
  await tubeField.press('Enter');
  await expect(fromTube.getByRole('heading', { name: `Sample ${formatSampleId(typedSample)}: Ivor Booker` })).toBeVisible();
  await expect(fromTube.getByText('943 476 5870')).toBeVisible();
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);
  await fromTube.getByLabel('PSA (ng/ml)').fill('0.8');
  await fromTube.getByRole('button', { name: 'Save result' }).tap();
  await expect(fromTube.getByText(`Result saved for Ivor Booker (sample ${formatSampleId(typedSample)}).`)).toBeVisible();
  await expect(page.getByText('0.8 ng/ml')).toBeVisible();

  // Told once, now; and he reads it.
  await expect.poll(async () => (await mailsTo(request, held.email)).filter((m) => m.subject === READY).length).toBe(1);
  const memberContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
  try {
    const phone = await memberContext.newPage();
    await signInAt(phone, held, '/medical-results');
    const row = phone.getByRole('listitem').filter({ hasText: name });
    await expect(row.getByText('5.5 ng/ml')).toBeVisible();
    await expect(row.getByText('Raised', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(phone);
  } finally {
    await memberContext.close();
  }
});

test('a held line whose man deleted his account says its details were erased, shows nothing of it, and can only be discarded', async ({ page, request }) => {
  const token = await staffToken(request);
  const name = `Erased Line ${Date.now()}`;
  const event = await createEventAsStaff(request, token, { event_name: name });
  const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, published);
  const man = await createMember(request, { firstName: 'Jasper', nhsNumber: '4010232137' });
  const booking = await bookThroughApi(request, man, published, slot!);
  const sample = (await labelSamples(request, token, event.event_id, [booking.appointment_id])).get(booking.appointment_id)!;
  const headers = { Authorization: `Bearer ${man.accessToken}` };
  const cancelled = await request.post(`/api/appointments/${booking.appointment_id}/cancel`, { headers, data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // His labelled tube reached the lab all the same: its line is held.
  await signInAsStaff(page);
  await page.goto(`/staff/events/${event.event_id}`);
  await page.getByLabel('Results file (CSV)').setInputFiles({
    name: 'lab.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sample_id,psa_ng_ml,comment,nhs_number\n${formatSampleId(sample)},8.80,Raised,401 023 2137\n`),
  });
  const checking = page.getByRole('region', { name: /Needs checking/ });
  await expect(checking.getByRole('heading', { name: 'Needs checking (1)' })).toBeVisible();
  await expect(checking.getByText('8.80')).toBeVisible();

  // He deletes his account; the console, opened again, shows nothing of the line but that it was erased.
  const deleted = await request.post('/api/me/delete', { headers, data: { password: man.password } });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await page.reload();
  await expect(checking.getByRole('heading', { name: 'Needs checking (1)' })).toBeVisible();
  await expect(checking.getByText("The details of this line were erased with a member's account.")).toBeVisible();
  await expect(checking.getByText(/cannot be attached to anyone/)).toBeVisible();
  await expect(checking.getByText('8.80')).toHaveCount(0);
  await expect(checking.getByText('Raised')).toHaveCount(0);
  await expect(checking.getByText(formatSampleId(sample))).toHaveCount(0);
  await expect(checking.getByRole('button', { name: 'Attach line 2 to a man' })).toHaveCount(0);
  await expectFits(page);
  await expectNoSeriousA11yViolations(page);

  await checking.getByRole('button', { name: 'Discard line 2' }).tap();
  await checking.getByLabel('Why is this line discarded?').fill('Erased with his account.');
  await checking.getByRole('button', { name: 'Discard the line' }).tap();
  await expect(page.getByRole('region', { name: /Needs checking/ }).getByRole('heading', { name: 'Needs checking (0)' })).toBeVisible();
});
