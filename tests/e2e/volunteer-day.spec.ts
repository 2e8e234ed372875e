/**
 * A volunteer's day on a 360 px phone (docs/rules.md#staff-roles): an admin
 * gives a new account the volunteer role on the Staff page and assigns him
 * to today's event; the volunteer signs in, lands on that one event, checks
 * a man in, and sees no result and no consent answers, though another man
 * on the list has a result; his API calls to another event, to results and
 * to consent answers are refused with the error alone. Axe on each page.
 */
import { expect, test, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember, signIn } from './support/members';
import { chooseDoorPin, createEventAsStaff, signInAsStaff, staffToken } from './support/staff';
import type { ScreeningEvent } from '../../src/domain/event';

const PHONE = { viewport: { width: 360, height: 780 } } as const;
test.use({ ...PHONE, actionTimeout: 20_000 });

async function expectFits(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

async function signInOn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
}

test('a volunteer works the door of the event he is assigned to today, and nothing else', async ({ page: adminPage, browser, request }) => {
  test.setTimeout(180_000);
  const admin = await staffToken(request);
  const auth = { Authorization: `Bearer ${admin}` };
  const stamp = Date.now();
  const name = `Woodbridge Lodge Screening ${stamp}`;
  const otherName = `Halesworth Hall Screening ${stamp}`;
  const { event_id: eventId } = await createEventAsStaff(request, admin, { event_name: name });
  const { event_id: otherId } = await createEventAsStaff(request, admin, { event_name: otherName });

  // Two men booked: Percival, already checked in by the clinical team with a result; Walter, still to arrive.
  const published = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const slots = await freeSlots(request, published);
  const percival = await createMember(request, { firstName: 'Percival', nhsNumber: '9434765919' });
  const walter = await createMember(request, { firstName: 'Walter', nhsNumber: '9434765870' });
  const percivalBooking = await bookThroughApi(request, percival, published, slots[0]!);
  await bookThroughApi(request, walter, published, slots[1]!);
  const checkedIn = await request.post(`/api/staff/events/${eventId}/check-ins`, {
    headers: auth,
    data: { check_ins: [{ appointment_id: percivalBooking.appointment_id, checked_in_at: new Date().toISOString() }] },
  });
  expect(checkedIn.status(), await checkedIn.text()).toBe(200);
  const result = await request.put(`/api/staff/events/${eventId}/attendees/${percivalBooking.appointment_id}/result`, { headers: auth, data: { test_result: '7.25' } });
  expect(result.status(), await result.text()).toBe(200);

  // The volunteer signs up like anyone; an admin gives him the role and today's event.
  const victor = await createMember(request, { firstName: 'Victor' });
  await signInAsStaff(adminPage);
  await adminPage.goto('/staff');
  await adminPage.getByRole('link', { name: 'Staff and roles' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Staff and their roles' })).toBeVisible();
  await adminPage.getByLabel('Email address').fill(victor.email);
  await adminPage.getByLabel('Role', { exact: true }).selectOption('volunteer');
  await adminPage.getByRole('button', { name: 'Give the role' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: `${victor.email} is now Volunteer.` })).toBeVisible();
  await expect(adminPage.getByRole('heading', { level: 3, name: victor.email })).toBeVisible();
  await expectFits(adminPage, 'the Staff page');
  await expectNoSeriousA11yViolations(adminPage);

  await adminPage.goto(`/staff/events/${eventId}`);
  const volunteers = adminPage.getByRole('region', { name: 'Volunteers at this event' });
  await volunteers.getByLabel('Volunteer’s email address').fill(victor.email);
  await volunteers.getByRole('button', { name: 'Assign to this event' }).click();
  await expect(volunteers.getByRole('listitem').filter({ hasText: victor.email })).toBeVisible();
  // The button says whose account it acts on after the words it shows (what a voice user says).
  await expect(volunteers.getByRole('button', { name: `Take off this event the account of ${victor.email}`, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);

  // The volunteer, on his own phone.
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  try {
    await signInOn(page, victor.email, victor.password);
    await page.goto('/staff');
    await chooseDoorPin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Your events today' })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText(otherName)).toHaveCount(0);
    for (const hidden of ['New event', 'Screening statistics', 'Emails and refunds not done', 'Staff and roles']) {
      await expect(page.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    await expectFits(page, 'his events');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: `Attendees at ${name}`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
    const walterCheckIn = page.getByRole('button', { name: 'Check in Walter Booker' });
    await walterCheckIn.click();
    await expect(page.getByRole('region', { name: 'Check in Walter Booker?' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm check-in' }).click();
    await expect(page.getByText(/^Arrived \d\d:\d\d$/)).toHaveCount(2, { timeout: 20_000 });

    // No result, no consent answers, no manifest, no editing: not on screen, and not sent.
    await expect(page.getByText('7.25')).toHaveCount(0);
    await expect(page.getByText('Result', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Consent of/ })).toHaveCount(0);
    // What he can do about consent at the door: make a link for a man to fill the form in again on his phone.
    await page.getByRole('button', { name: 'Consent link for Walter Booker' }).click();
    const consent = page.getByRole('dialog', { name: 'Consent: Walter Booker' });
    await expect(consent).toContainText('His consent form is on file.');
    await consent.getByRole('button', { name: 'Make a /test-consent link' }).click();
    await expect(consent.getByRole('status')).toContainText('Send this link to Walter Booker');
    await expect(consent.getByTestId('consent-link')).toHaveAttribute('href', /\/test-consent\?/);
    await expectNoSeriousA11yViolations(page);
    await consent.getByRole('button', { name: 'Close' }).click();
    for (const hidden of ['Lab manifest', 'Edit this event']) await expect(page.getByRole('link', { name: hidden })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Volunteers at this event' })).toHaveCount(0);
    await expectFits(page, 'the door');
    await expectNoSeriousA11yViolations(page);

  } finally {
    await phone.close();
  }

  const victorToken = await (async () => {
    const response = await request.post('/auth/v1/token?grant_type=password', { data: { email: victor.email, password: victor.password } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  })();
  const his = { Authorization: `Bearer ${victorToken}` };
  const list = await request.get(`/api/staff/events/${eventId}/attendees`, { headers: his });
  expect(list.status()).toBe(200);
  const percivalSeen = ((await list.json()) as { attendees: { appointment_id: string; result: unknown; nhs_number: string | null }[] }).attendees.find(
    (a) => a.appointment_id === percivalBooking.appointment_id,
  )!;
  expect(percivalSeen).toMatchObject({ result: null, nhs_number: '9434765919' });
  for (const [method, path] of [
    ['GET', `/api/staff/events/${otherId}/attendees`],
    ['GET', `/api/staff/events/${eventId}/attendees/${percivalBooking.appointment_id}/consent`],
    ['PUT', `/api/staff/events/${eventId}/attendees/${percivalBooking.appointment_id}/result`],
    ['GET', '/api/staff/events'],
    ['GET', `/api/staff/events/${eventId}/manifest`],
    ['GET', '/api/staff/statistics'],
  ] as const) {
    const refused = await request.fetch(path, { method, headers: his, data: method === 'PUT' ? { test_result: '1.0' } : undefined });
    expect(refused.status(), `${method} ${path}`).toBe(403);
    expect(await refused.json()).toEqual({ error: 'forbidden', message: 'Your staff role does not open this.' });
  }
});
