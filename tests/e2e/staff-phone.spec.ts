/**
 * The staff console on a 360 px phone, its
 * clock in Los Angeles: every staff page fits the screen with nothing
 * clipped and axe clean, the attendee list as cards; the list opened once
 * works with no signal after a reload; a free booking says "Free"; and the
 * demo member's result awaiting a value is reachable from the console.
 */
import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots, mailsTo } from './support/booking';
import { createMember } from './support/members';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';
import type { ScreeningEvent } from '../../src/domain/event';

const PHONE = { viewport: { width: 360, height: 780 }, timezoneId: 'America/Los_Angeles' } as const;
test.use(PHONE);

/** Nothing wider than the screen, and the named things wholly on it. */
async function expectFits(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

async function expectOnScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360.5);
}

/** A free event later today with one member booked, made over the API. */
async function eventWithOneBooking(page: Page, name: string): Promise<string> {
  const request = page.request;
  const token = await staffToken(request);
  const { event_id: eventId } = await createEventAsStaff(request, token, { event_name: name });
  const member = await createMember(request, { firstName: 'Percival' });
  const published = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, published);
  await bookThroughApi(request, member, published, slot!);
  return eventId;
}

test.describe('the staff console on a phone', () => {
  test('every staff page fits 360 px, the attendee list as cards with arrival and result in view, axe clean', async ({ page, context }) => {
    await signInAsStaff(page);
    const name = `Felixstowe Ferry Sailing Club ${Date.now()}`;
    const eventId = await eventWithOneBooking(page, name);

    await page.goto('/staff');
    const heading = page.getByRole('heading', { level: 1, name: 'Staff console: events' });
    await expect(heading).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await expectOnScreen(heading);
    await expectFits(page, '/staff');
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/staff/events/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
    const attendee = page.getByRole('listitem').filter({ hasText: 'Percival Booker' });
    await expect(attendee).toBeVisible();
    await expectOnScreen(page.getByRole('heading', { level: 1 }));
    await expectOnScreen(attendee.getByText('Arrival', { exact: true }));
    await expectOnScreen(attendee.getByText('Result', { exact: true }));
    await expectOnScreen(attendee.getByRole('button', { name: 'Check in Percival Booker' }));
    await expectFits(page, 'the attendee list');
    await expectNoSeriousA11yViolations(page);

    // The result form opens inside the card and still fits.
    await attendee.getByRole('button', { name: 'Enter result for Percival Booker' }).click();
    await expect(page.getByLabel('PSA (ng/ml)')).toBeVisible();
    await expectFits(page, 'the attendee list with a result form');
    await expectNoSeriousA11yViolations(page);

    // The offline notice is on the screen too.
    await context.setOffline(true);
    try {
      const notice = page.locator('.offline-notice').first();
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await expectOnScreen(notice);
      await expectFits(page, 'the attendee list offline');
    } finally {
      await context.setOffline(false);
    }

    await page.goto(`/staff/events/${eventId}/edit`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Event name')).toHaveValue(name);
    await expectFits(page, 'the event editor');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/staff/events/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
    await expectFits(page, 'the new event form');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/staff/failures');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the failures page');
    await expectNoSeriousA11yViolations(page);
  });

  test('a free booking says Free in the attendee list, not Paid', async ({ page }) => {
    await signInAsStaff(page);
    const name = `Woodbridge Free Screening ${Date.now()}`;
    const eventId = await eventWithOneBooking(page, name);
    await page.goto(`/staff/events/${eventId}`);
    // A card on a phone (a table row on a wide screen).
    const attendee = page.locator('li, tr').filter({ hasText: 'Percival Booker' });
    await expect(attendee).toBeVisible();
    await expect(attendee.getByText('Free', { exact: true })).toBeVisible();
    await expect(attendee.getByText('Paid', { exact: true })).toHaveCount(0);
  });

  test('the attendee list opened for the first time reloads with no signal, and the other staff pages open too', async ({ browser, page }) => {
    await signInAsStaff(page);
    const name = `Aldeburgh Screening ${Date.now()}`;
    const eventId = await eventWithOneBooking(page, name);
    const phone = await firstVisitWithSession(browser, page);
    try {
      const list = await phone.newPage();
      await list.goto(`/staff/events/${eventId}`);
      await expect(list.getByText('Percival Booker').first()).toBeVisible();
      await waitForServiceWorkerControl(list);
      await expect
        .poll(() => list.evaluate(async () => {
          const names: string[] = [];
          for (const key of await caches.keys()) for (const r of await (await caches.open(key)).keys()) names.push(new URL(r.url).pathname);
          return names.filter((n) => /^\/assets\/staff-.*\.css$/.test(n)).length;
        }), { message: 'the staff styles are kept for offline use', timeout: 15_000 })
        .toBeGreaterThan(0);
      // And the list itself (with the staff check before it) is in the saved copy, written within a second.
      await waitForPersisted(list, 'Percival');

      const errors: string[] = [];
      list.on('pageerror', (e) => errors.push(e.message));
      await phone.setOffline(true);
      await list.reload();
      await expect(list.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible({ timeout: 15_000 });
      await expect(list.getByText('Percival Booker').first()).toBeVisible();
      await list.getByRole('link', { name: 'All events' }).click();
      await expect(list.getByRole('heading', { level: 1, name: 'Staff console: events' })).toBeVisible();
      await list.goBack();
      await list.getByRole('link', { name: 'Edit this event' }).click();
      await expect(list.getByLabel('Event name')).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  test("the demo member's result awaiting a value is reached from the console", async ({ page }) => {
    await signInAsStaff(page);
    await page.goto('/staff');
    const past = page.getByRole('table', { name: 'Past and cancelled events' }).or(page.getByRole('region', { name: 'Past and cancelled events' }));
    await past.getByRole('link', { name: 'Attendees at Norwich Community Screening', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Attendees: Norwich Community Screening' })).toBeVisible();
    const david = page.getByRole('listitem').filter({ hasText: 'David Thompson' });
    await expect(david).toContainText('None yet');
    await expect(david.getByRole('button', { name: 'Enter result for David Thompson' })).toBeVisible();
  });

  test('staff register a man at the venue; he chooses his own password from the email and goes on to his details', async ({ page, browser }) => {
    await signInAsStaff(page);
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Register a member' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register a member' })).toBeVisible();
    await page.getByRole('button', { name: 'Register and email him' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Enter the member’s first name.',
      'Enter the member’s last name.',
      'Enter the member’s email address, like name@example.com.',
    ]);
    await expect(summary.getByRole('link', { name: 'Enter the member’s first name.' })).toHaveAttribute('href', '#register-first_name');
    await expectNoSeriousA11yViolations(page);

    const email = `venue.${Date.now()}@example.org`;
    await page.getByLabel('First name').fill('Clifford');
    // Typing leaves focus in the field, though the summary is still shown.
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('Last name').fill('Ashdown');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Register and email him' }).click();
    const done = page.getByRole('status').filter({ hasText: `Account made for ${email}` });
    await expect(done).toBeFocused();
    await expect(done).toContainText('We have emailed him a link to choose his password.');
    // What staff are told is what happens: he is asked for his details at once, with these names.
    await expect(done).toContainText('Once he has chosen it, he is asked for his other details, with the names you typed filled in for him to check.');
    await expect(done).not.toContainText('when he first books');
    await expectFits(page, 'the registration page');
    await expectNoSeriousA11yViolations(page);

    // The same address again is refused on its field.
    await page.getByRole('button', { name: 'Register another member' }).click();
    await page.getByLabel('First name').fill('Clifford');
    await page.getByLabel('Last name').fill('Ashdown');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Register and email him' }).click();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Error: This email address already has an account.');
    await expect(summary.getByRole('link')).toHaveText(['This email address already has an account.']);
    await expect(summary).toBeFocused();
    await page.getByLabel('Email address').fill(`other.${email}`);
    await expect(page.getByLabel('Email address')).toBeFocused();

    // His own phone: the link in his email signs him in where he chooses a password.
    const [mail] = await mailsTo(page.request, email);
    expect(mail?.subject).toBe('Your CHAPS account: choose a password');
    const link = /Choose your password: (\S+)/.exec(mail!.text)![1]!;
    const his = await browser.newContext(PHONE);
    const phone = await his.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await phone.getByLabel('New password').fill('clifford-chooses-9');
    await phone.getByLabel('Confirm password').fill('clifford-chooses-9');
    await phone.getByRole('button', { name: 'Save password' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Complete your details' })).toBeVisible();
    // The names staff typed, kept on his account by the server (his phone never saw them), for him to check.
    await expect(phone.getByLabel('First name (and middle names)')).toHaveValue('Clifford');
    await expect(phone.getByLabel('Last name')).toHaveValue('Ashdown');
    await his.close();

    const signedIn = await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: 'clifford-chooses-9' } });
    expect(signedIn.status()).toBe(200);
  });
});

/**
 * A second phone that has the staff session but has never loaded the site:
 * the session is carried over from a context whose service workers were
 * blocked, so the attendee list below is truly the first page it loads.
 */
async function firstVisitWithSession(browser: Browser, signedIn: Page) {
  const state = await signedIn.context().storageState();
  const phone = await browser.newContext({ ...PHONE, storageState: { cookies: state.cookies, origins: state.origins } });
  return phone;
}
