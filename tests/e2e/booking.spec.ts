/**
 * Booking journeys (docs/decisions/0007-bookings-appointments-and-history.md),
 * each as a new member on a device in New York: a free public event from the
 * list to the confirmation email with its .ics; a private event with a wrong
 * then right code; ESNEFT through the NHS check; every consent error; a slot
 * taken by someone else before Continue; offline during consent; My bookings
 * read offline after one visit, its calendar file, a cancel with the connection
 * checked first, and nothing left after Logout. axe on every new screen.
 */
import { expect, test, type Page } from './support/test';
import { BOOKING_CONFIRMED_MESSAGE, BOOKING_REFUSAL_MESSAGES, CANCELLATION_POLICY } from '../../src/domain/booking';
import { CONSENT_MESSAGES } from '../../src/domain/consent';
import { formatLongDate } from '../../src/domain/format';
import { expectNoSeriousA11yViolations } from './support/axe';
import { leftEdgeBrightness } from './support/backdrop';
import {
  bookableEvents,
  bookThroughApi,
  fillConsent,
  freePublicEvents,
  freeSlots,
  mailsTo,
  pickFirstFreeSlot,
  privateAccessCode,
} from './support/booking';
import { createMember, signIn, signInAt } from './support/members';
import { indexedDbText, waitForServiceWorkerControl } from './support/pwa';

const proceed = (page: Page) => page.getByRole('button', { name: 'Proceed to Consent Form' });
// A free event's consent form books with COMPLETE BOOKING, the words of the listing's notice.
const continueButton = (page: Page) => page.getByRole('button', { name: 'COMPLETE BOOKING' });
const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Consent Required' });

async function expectConfirmed(page: Page) {
  await expect(page).toHaveURL(/\/booking-success\?appointment=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: BOOKING_CONFIRMED_MESSAGE })).toBeVisible();
  await expect(page.getByText(/check your spam or junk folder/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Donate/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
}

test.describe('booking', () => {
  test('a new member books a free public event from the list and gets the email with its calendar file', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Frank' });
    const event = (await freePublicEvents(request))[0]!;
    await page.goto('/book-event-main');
    await page.locator(`[data-event-id="${event.event_id}"]`).getByRole('link', { name: 'BOOK' }).click();
    await page.getByRole('button', { name: 'BOOK EVENT' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(new RegExp(`/book-event\\?event=${event.event_id}$`));

    await expect(page.getByText(formatLongDate(event.event_date)).first()).toBeVisible();
    await expect(page.getByText(CANCELLATION_POLICY)).toBeVisible();
    await expect(proceed(page)).toBeDisabled();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary).toContainText('£0.00');
    await summary.getByRole('button', { name: 'Add another service' }).click();
    await expect(summary.getByRole('alert')).toContainText('Each booking is for one man and one test');
    const free = await freeSlots(request, event);
    const taken = page.locator('.slot input[disabled]');
    expect(await taken.count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // Keyboard: Tab onto the grid, arrows move between the free times only.
    await page.locator(`.slot input[value="${free[0]}"]`).focus();
    await page.keyboard.press('Space');
    await expect(page.locator(`.slot input[value="${free[0]}"]`)).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(`.slot input[value="${free[1]}"]`)).toBeChecked();
    await proceed(page).click();

    await expect(page.getByRole('heading', { name: 'PSA screening consent form' })).toBeVisible();
    await expect(page.getByText(/men aged 40 to 80/).first()).toBeVisible();
    await expect(page.getByText(/UK General Data Protection Regulation/)).toBeVisible();
    await fillConsent(page);
    await expectNoSeriousA11yViolations(page);
    await continueButton(page).click();
    await expectConfirmed(page);
    await expect(page.getByText(event.event_name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await expect.poll(async () => (await mailsTo(request, member.email)).length).toBeGreaterThan(0);
    const [mail] = await mailsTo(request, member.email);
    expect(mail!.text).toContain(event.event_name);
    expect(mail!.text).toContain(free[1]!);
    const ics = mail!.attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toMatch(/text\/calendar/);
    expect(ics?.content).toContain('BEGIN:VEVENT');
  });

  test('a private event asks for its code: a wrong one is refused, the right one leads on to booking', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Percy' });
    const event = (await bookableEvents(request)).find((e) => e.is_private)!;
    await page.goto(`/event/${event.event_id}`);
    const book = page.getByRole('button', { name: 'BOOK EVENT' });
    await book.scrollIntoViewIfNeeded();
    const undimmed = await leftEdgeBrightness(page);
    await book.click();
    const dialog = page.getByRole('dialog', { name: 'Private event' });
    await expect(dialog).toBeVisible();
    // The page behind is dimmed while the dialog is open.
    expect(await leftEdgeBrightness(page)).toBeLessThan(undimmed * 0.7);
    await expect(dialog.getByLabel('Access code')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'BOOK EVENT' }).click();
    await dialog.getByLabel('Access code').fill('WRNG-CODE');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Invalid Access code')).toBeVisible();
    await dialog.getByLabel('Access code').fill(privateAccessCode(event.event_id).toLowerCase());
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(new RegExp(`/book-event\\?event=${event.event_id}$`));
    await pickFirstFreeSlot(page);
    await proceed(page).click();
    await fillConsent(page);
    await continueButton(page).click();
    await expectConfirmed(page);
  });

  test('an ESNEFT event needs a valid NHS number: an invalid one is refused, a valid one is saved', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Ernest', nhsNumber: null });
    const event = (await bookableEvents(request)).find((e) => e.lab_name === 'ESNEFT' && !e.is_private)!;
    await signInAt(page, member, `/event/${event.event_id}`);
    await page.getByRole('button', { name: 'BOOK EVENT' }).click();
    await expect(page).toHaveURL(new RegExp(`/check-nhs-number\\?event=${event.event_id}$`));
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
    await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
    await page.getByLabel('NHS number', { exact: true }).fill('943 476 5918');
    await expect(page.getByText('Please enter only digits (max 10).')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('link', { name: /Enter your correct 10-digit NHS number/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('NHS number', { exact: true }).fill('9434765919');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(new RegExp(`/book-event\\?event=${event.event_id}$`));
    const profile = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${member.accessToken}` } });
    expect(((await profile.json()) as { userProfile: { nhs_number: string } }).userProfile.nhs_number).toBe('9434765919');
    await pickFirstFreeSlot(page);
    await proceed(page).click();
    await fillConsent(page);
    await continueButton(page).click();
    await expectConfirmed(page);
  });

  test('the consent form shows every rule inline and the first one in the Consent Required notice', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Cyril' });
    const event = (await freePublicEvents(request))[1]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await pickFirstFreeSlot(page);
    await proceed(page).click();
    await continueButton(page).click();
    await expect(notice(page)).toBeFocused();
    await expect(notice(page)).toContainText(CONSENT_MESSAGES.required);
    const inline = page.locator('.field-error');
    await expect(inline.filter({ hasText: CONSENT_MESSAGES.required })).toHaveCount(4);
    await expect(inline.filter({ hasText: CONSENT_MESSAGES.terms })).toHaveCount(1);
    // The sample consent is checked only once the terms are ticked.
    await expect(inline).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('2nd').check();
    const father = page.getByRole('group', { name: /father’s side of the family/ });
    await father.getByLabel('Yes').check();
    await expect(page.getByRole('group', { name: 'Which relatives on your father’s side?' })).toContainText(CONSENT_MESSAGES.relatives);
    await page.getByLabel('Brother').check();
    const mother = page.getByRole('group', { name: /mother’s side of the family/ });
    await mother.getByLabel('Yes').check();
    await expect(page.getByRole('group', { name: 'Which relatives on your mother’s side?' })).toContainText(CONSENT_MESSAGES.relatives);
    await expect(notice(page)).toContainText(CONSENT_MESSAGES.relatives);
    await page.getByLabel('Other details about your mother’s side (optional)').fill('A cousin had breast cancer');
    await expect(page.getByText(CONSENT_MESSAGES.relatives)).toHaveCount(0);
    await page.getByLabel('Avodart').check();
    await expect(notice(page)).toContainText(CONSENT_MESSAGES.terms);
    await page.getByLabel(/I agree to the/).check();
    await expect(notice(page)).toContainText(CONSENT_MESSAGES.samples);
    await page.getByLabel(/I consent to a blood sample/).check();
    await expect(notice(page)).toHaveCount(0);
    await continueButton(page).click();
    await expectConfirmed(page);
  });

  test('a time taken by someone else before Continue: the member is told, picks another, and keeps the answers', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Samuel' });
    const rival = await createMember(request, { firstName: 'Rupert' });
    const event = (await freePublicEvents(request))[2]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    const chosen = await pickFirstFreeSlot(page);
    await proceed(page).click();
    await fillConsent(page);
    await bookThroughApi(request, rival, event, chosen);
    await continueButton(page).click();

    await expect(page.getByRole('alert').filter({ hasText: BOOKING_REFUSAL_MESSAGES.slot_taken })).toBeVisible();
    await expect(page.locator(`.slot input[value="${chosen}"]`)).toBeDisabled();
    const second = await pickFirstFreeSlot(page);
    expect(second).not.toBe(chosen);
    await proceed(page).click();
    await expect(page.getByLabel('1st')).toBeChecked();
    await expect(page.getByLabel(/I consent to a blood sample/)).toBeChecked();
    await continueButton(page).click();
    await expectConfirmed(page);
  });

  test('offline during consent: nothing is sent, the answers survive a reload, and Retry books once online', async ({ page, context, request }) => {
    const member = await createMember(request, { firstName: 'Oliver' });
    const event = (await freePublicEvents(request))[3]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await pickFirstFreeSlot(page);
    await proceed(page).click();
    await fillConsent(page);
    await context.setOffline(true);
    try {
      await continueButton(page).click();
      const offline = page.getByRole('alert').filter({ hasText: 'nothing was sent' });
      await expect(offline).toBeVisible();
      await offline.getByRole('button', { name: 'Retry' }).click();
      await expect(offline).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await page.reload();
    await expect(page.getByLabel('1st')).toBeChecked();
    await expect(page.getByLabel('None of the above')).toBeChecked();
    await continueButton(page).click();
    await expectConfirmed(page);
  });

  test('My bookings lists a booking, reads offline after one visit, and cancels it after a confirm', async ({ page, context, request }) => {
    const member = await createMember(request, { firstName: 'Maurice' });
    const events = await freePublicEvents(request);
    const event = events[events.length - 1]!;
    const [slot] = await freeSlots(request, event);
    const booked = await bookThroughApi(request, member, event, slot!);

    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    await signIn(page, member.email, member.password);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    await page.goto('/portal');
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'My bookings' }).click();
    await expect(page).toHaveURL(/\/my-bookings$/);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const card = upcoming.getByRole('listitem', { name: event.event_name });
    await expect(card).toContainText(formatLongDate(event.event_date));
    await expect(card).toContainText(`${slot} to`);
    await expect(card).toContainText('Confirmed');
    await expect(card.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\//);
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /Add to calendar/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.ics$/);

    await expect.poll(() => indexedDbText(page)).toContain(event.event_name);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(card).toContainText(formatLongDate(event.event_date), { timeout: 15_000 });
      await expect(page.getByRole('status').filter({ hasText: /Offline: saved/ })).toBeVisible({ timeout: 15_000 });

      // Cancelling needs the server: offline nothing is sent and Retry waits in the dialog.
      await card.getByRole('button', { name: /Cancel/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
      await expect(dialog.getByRole('alert')).toContainText('nothing was sent');
    } finally {
      await context.setOffline(false);
    }
    await dialog().getByRole('button', { name: 'Retry' }).click();
    await expect(dialog()).toBeHidden();
    const past = page.getByRole('region', { name: 'Past and cancelled' });
    await expect(past.getByRole('listitem', { name: event.event_name })).toContainText('Cancelled');
    await expect(page.getByRole('region', { name: 'Upcoming' })).toHaveCount(0);
    await expect.poll(async () => (await mailsTo(request, member.email)).some((m) => /cancel/i.test(m.subject))).toBe(true);

    // A shared phone keeps nothing of his bookings after Logout.
    await expect.poll(() => indexedDbText(page)).toContain(booked.appointment_id);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await indexedDbText(page)).not.toContain(booked.appointment_id);

    function dialog() {
      return page.getByRole('dialog', { name: 'Cancel this booking?' });
    }
  });
});
