/**
 * Staff console journeys (docs/decisions/0010-staff-console.md), as the demo
 * staff account on a phone in New York time: a private event made in the editor
 * and booked by a member with its code; the attendee list opened again with no
 * signal and a check-in made offline that reaches the server once back online;
 * a result entered by staff that the member reads, then reads offline; a lab
 * file with a bad line refused line by line; a member kept out of /staff.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatLongDate } from '../../src/domain/format';
import { addMonths, londonToInstant } from '../../src/domain/london-time';
import { nextTestSentence } from '../../src/domain/recall';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, fillConsent, freeSlots, mailsTo, pickFirstFreeSlot, VALID_ANSWERS } from './support/booking';
import { createMember, signIn, signInAt, type TestMember } from './support/members';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { createEventAsStaff, inDays, signInAsStaff as signInDemoStaff, staffToken } from './support/staff';

/** Books a private event over the API as the member's phone would: the code for a grant, consent, then the first free time. */
async function bookPrivateThroughApi(request: APIRequestContext, member: TestMember, eventId: string, code: string): Promise<string> {
  const headers = { Authorization: `Bearer ${member.accessToken}` };
  const granted = await request.post(`/api/events/${eventId}/check-access-code`, { data: { access_code: code } });
  const { access_grant: grant } = (await granted.json()) as { access_grant: string };
  const published = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, published, grant);
  const consent = await request.post('/api/medical/consent', { headers, data: { ...VALID_ANSWERS, eventId } });
  const { consent_id: consentId } = (await consent.json()) as { consent_id: string };
  const booked = await request.post('/api/appointments', { headers, data: { eventId, appointmentStartTime: slot, consentId, accessGrant: grant } });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { appointment: { appointment_id: string } }).appointment.appointment_id;
}

async function signInAsStaff(page: Page, path: string) {
  await signInDemoStaff(page);
  await page.goto(path);
}

test.describe('staff console', () => {
  test.afterEach(async ({ request }) => {
    // A journey that moved the server's clock to an event's day puts it back.
    expect((await request.delete('/dev/clock')).status()).toBe(200);
  });

  test('a private event made in the editor is booked with its code, and checked in offline at the venue', async ({ page, browser, request }) => {
    // The portal offers staff the way in; members never see the link. The
    // demo staff account has no member details, and is not sent to fill them.
    await signInAsStaff(page, '/portal');
    await expect(page.getByText('This staff account has no member details.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Staff console' }).click();
    await expect(page.getByRole('heading', { name: 'Staff console: events' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'New event' }).click();
    await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible();
    const name = `Harwich Lodge ${Date.now()}`;
    await page.getByLabel('Event name').fill(name);
    await page.getByLabel('Category').selectOption('freemasons');
    await page.getByLabel('Date').fill(inDays(7));
    await page.getByLabel('Start (UK time)').fill('10:00');
    await page.getByLabel('End (UK time)').fill('12:00');
    await page.getByLabel('Places in total').fill('12');
    await page.getByLabel('Address line 1').fill('Masonic Hall');
    await page.getByLabel('Town or city').fill('Harwich');
    await page.getByLabel('Postcode').fill('co12 3aa');
    // The pin picker: a tap on the map fills both coordinates.
    await page.locator('.pin-picker').click({ position: { x: 150, y: 120 } });
    await expect(page.getByLabel('Latitude')).not.toHaveValue('');
    await page.getByLabel('Private (members need an access code)').check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create event' }).click();
    const code = (await page.getByTestId('access-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const listLink = page.getByRole('link', { name: `Open the attendee list for ${name}` });
    const eventId = /\/staff\/events\/([0-9a-f-]{36})$/.exec((await listLink.getAttribute('href'))!)![1]!;

    // A member books it on their own phone, with the code staff passed on.
    const member = await createMember(request, { firstName: 'Walter' });
    const memberContext = await browser.newContext();
    const phone = await memberContext.newPage();
    await phone.goto(`/event/${eventId}`);
    await phone.getByRole('button', { name: 'BOOK EVENT' }).click();
    await phone.getByRole('dialog', { name: 'Private event' }).getByLabel('Access code').fill(code);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await signIn(phone, member.email, member.password);
    await pickFirstFreeSlot(phone);
    await phone.getByRole('button', { name: 'Proceed to Consent Form' }).click();
    await fillConsent(phone);
    await phone.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
    await expect(phone).toHaveURL(/\/booking-success/);
    await memberContext.close();

    // A second member books through the API with the same code.
    const cyril = await createMember(request, { firstName: 'Cyril' });
    const cyrilBooking = await bookPrivateThroughApi(request, cyril, eventId, code);

    // The event's day: a check-in is recorded only then (docs/rules.md#check-in). The server's clock moves on to
    // 09:30 UK time that morning, and staff sign in there on a phone of their own. The phone's clock is left a week
    // behind: its taps are not believed, and the server records its own time, on the event's day.
    const venue = londonToInstant(inDays(7), '09:30');
    const serverNow = new Date(((await (await request.get('/dev/clock')).json()) as { now: string }).now);
    for (let minutes = Math.ceil((venue.getTime() - serverNow.getTime()) / 60_000); minutes > 0; minutes -= 1440) {
      expect((await request.post('/dev/clock/advance', { data: { minutes: Math.min(minutes, 1440) } })).status()).toBe(200);
    }
    // Cyril's sign-in of a week ago has expired: he signs in again on his phone.
    const again = await request.post('/auth/v1/token?grant_type=password', {
      headers: { 'X-Forwarded-For': '10.251.7.3' },
      data: { email: cyril.email, password: cyril.password },
    });
    expect(again.status(), await again.text()).toBe(200);
    const cyrilToken = ((await again.json()) as { access_token: string }).access_token;
    const door = await (await browser.newContext()).newPage();
    await signInAsStaff(door, `/staff/events/${eventId}`);
    // Staff open the list before leaving for the venue: it is kept on the phone.
    await expect(door.getByRole('heading', { name: `Attendees: ${name}` })).toBeVisible();
    const checkIn = door.getByRole('button', { name: 'Check in Walter Booker' });
    const checkInCyril = door.getByRole('button', { name: 'Check in Cyril Booker' });
    await expect(checkIn).toBeVisible();
    await expect(checkInCyril).toBeVisible();
    await expectNoSeriousA11yViolations(door);
    await waitForServiceWorkerControl(door);
    await waitForPersisted(door, 'Walter');

    await door.context().setOffline(true);
    try {
      await door.reload();
      await expect(checkIn).toBeVisible({ timeout: 15_000 });
      // A tapped name leads to positive identification and a confirmation, as a scanned ticket does.
      const confirm = door.getByRole('button', { name: 'Confirm check-in' });
      await checkIn.click();
      await expect(door.getByRole('region', { name: 'Check in Walter Booker?' })).toBeVisible();
      await confirm.click();
      await checkInCyril.click();
      await confirm.click();
      await expect(door.getByText(/Checked in \d\d:\d\d, waiting to send/)).toHaveCount(2);
      await expect(door.getByText(/No connection: check-ins are kept on this phone/)).toBeVisible();
      // Meanwhile, on his own phone, Cyril cancels.
      const cancelled = await request.post(`/api/appointments/${cyrilBooking}/cancel`, {
        headers: { Authorization: `Bearer ${cyrilToken}` },
        data: { acceptNoRefund: true },
      });
      expect(cancelled.status()).toBe(200);
    } finally {
      await door.context().setOffline(false);
    }
    await expect(door.getByText(/^Arrived \d\d:\d\d$/)).toBeVisible({ timeout: 20_000 });
    const conflicts = door.getByRole('region', { name: 'Check-ins not recorded' });
    await expect(conflicts.getByText(/Cyril Booker: Booking cancelled: this member cancelled before the check-in reached the server/)).toBeVisible();
    await expectNoSeriousA11yViolations(door);
    await conflicts.getByRole('button', { name: 'Dismiss' }).click();
    await expect(conflicts).toBeHidden();

    // Printed for the door: the list without the site's header or the buttons, names as plain text.
    await door.emulateMedia({ media: 'print' });
    await expect(door.getByRole('banner')).toBeHidden();
    await expect(door.getByRole('button', { name: 'Print the list' })).toBeHidden();
    await expect(door.locator('.print-only', { hasText: 'Walter Booker' })).toBeVisible();
    await door.emulateMedia({ media: 'screen' });

    const token = await staffToken(request);
    const held = await request.get(`/api/staff/events/${eventId}/attendees`, { headers: { Authorization: `Bearer ${token}` } });
    const { attendees } = (await held.json()) as AttendeeList;
    expect(attendees.map((a) => [a.first_name, a.status, a.checked_in_at !== null])).toEqual([
      ['Walter', 'confirmed', true],
      ['Cyril', 'cancelled', false],
    ]);
    await door.context().close();
  });

  test('staff enter a result; the member reads it with its band, then reads it offline', async ({ page, browser, request }) => {
    const token = await staffToken(request);
    const name = `Riverside Corporate ${Date.now()}`;
    const event = await createEventAsStaff(request, token, { event_name: name });
    const member = await createMember(request, { firstName: 'Harold', age: 58 });
    const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
    const [slot] = await freeSlots(request, published);
    await bookThroughApi(request, member, published, slot!);

    await signInAsStaff(page, `/staff/events/${event.event_id}`);
    await page.getByRole('button', { name: 'Enter result for Harold Booker' }).click();
    await page.getByLabel('PSA (ng/ml)').fill('3.4');
    await expect(page.getByText('Amber: slightly raised')).toBeVisible();
    await page.getByLabel('Comment for the member').fill('Slightly raised: please repeat the test in 3 months.');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save result' }).click();
    await expect(page.getByRole('cell', { name: /3\.4 ng\/ml/ })).toBeVisible();

    // A lab file with a bad line is refused, naming the line, and changes nothing.
    await page.getByLabel('Results file (CSV)').setInputFiles({
      name: 'lab.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('profile_id,psa_ng_ml,comment\nCHAPS1001,1.2,ok\nCHAPS1002,high,\n'),
    });
    await expect(page.getByText('Line 3: The PSA value must be a number with at most two decimals, like 1.25.')).toBeVisible();
    await expect(page.getByText(/Nothing was sent: lab\.csv has 1 line to correct/)).toBeVisible();

    await expect.poll(async () => (await mailsTo(request, member.email)).some((m) => m.subject === 'Your PSA result is ready')).toBe(true);
    const mail = (await mailsTo(request, member.email)).find((m) => m.subject === 'Your PSA result is ready');
    expect(mail?.text).toContain('/medical-results');
    expect(mail?.text).not.toContain('3.4');

    const memberContext = await browser.newContext();
    const phone = await memberContext.newPage();
    await signInAt(phone, member, '/medical-results');
    const row = phone.getByRole('listitem').filter({ hasText: name });
    await expect(row.getByText('3.4 ng/ml')).toBeVisible();
    await expect(row.getByText('Amber: slightly raised')).toBeVisible();
    await expect(row.getByText('Slightly raised: please repeat the test in 3 months.')).toBeVisible();
    await expect(row.getByText(formatLongDate(event.event_date))).toBeVisible();
    // Amber: the next test 3 months after the sample, on Medical Results and the portal (docs/decisions/0017-recall-intervals.md).
    const due = nextTestSentence(addMonths(event.event_date, 3));
    await expect(phone.getByTestId('next-test-due')).toContainText(due);
    await expectNoSeriousA11yViolations(phone);
    await phone.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Profile' }).click();
    await expect(phone.getByTestId('next-test-due')).toContainText(due);
    await phone.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Medical Results' }).click();
    await expect(row.getByText('3.4 ng/ml')).toBeVisible();
    await waitForServiceWorkerControl(phone);
    await waitForPersisted(phone, 'Slightly raised: please repeat');
    await memberContext.setOffline(true);
    try {
      await phone.reload();
      await expect(row.getByText('3.4 ng/ml')).toBeVisible({ timeout: 15_000 });
      await expect(phone.getByRole('status').filter({ hasText: /Offline: saved/ })).toBeVisible({ timeout: 15_000 });
    } finally {
      await memberContext.setOffline(false);
      await memberContext.close();
    }
  });

  test('a member who is not staff is kept out of /staff', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Norman' });
    await signInAt(page, member, '/portal');
    await expect(page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Medical Results' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff console' })).toHaveCount(0);
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Staff only' })).toBeVisible();
    await expect(page.getByText('This page is for charity staff only.')).toBeVisible();
    const refused = await request.get('/api/staff/events', { headers: { Authorization: `Bearer ${member.accessToken}` } });
    expect(refused.status()).toBe(403);
    await expectNoSeriousA11yViolations(page);
  });

  test('staff see the emails and refunds not done, and nothing is waiting when every job has gone', async ({ page }) => {
    await signInAsStaff(page, '/staff');
    await page.getByRole('link', { name: 'Emails and refunds not done' }).click();
    await expect(page.getByRole('heading', { name: 'Emails and refunds not done' })).toBeVisible();
    // The e2e server sends to its outbox, which never refuses: every queued email has gone.
    await expect(page.getByText('Nothing is waiting: every email and refund has gone.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to events' }).click();
    await expect(page.getByRole('heading', { name: 'Staff console: events' })).toBeVisible();
  });
});
