/**
 * The waiting list's seams, on a 360 px phone whose clock is in New York:
 * a full event's card in the events list leads to its page, where he joins
 * the list, and My bookings then shows the list with his number and Leave;
 * the member holding an offer reads "A place is held for you" first on the
 * event's page, above "Fully Booked", without scrolling; and when the held
 * place passes on unbooked (the server's clock moved past its hold) he is
 * emailed once and his event page says what happened and where he stands.
 */
import { expect, test, type APIRequestContext } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import type { MyWaitingPlace } from '../../src/domain/waiting-list';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots, mailsTo } from './support/booking';
import { serverClockBack } from './support/checkout';
import { createMember, signInAt, type TestMember } from './support/members';
import { createEventAsStaff, inDays, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/New_York', locale: 'en-GB' });

const bearer = (who: TestMember) => ({ Authorization: `Bearer ${who.accessToken}` });

/** A public event with one place, booked by a member of its own; resolves to the event and that booking. */
async function fullEvent(request: APIRequestContext, name: string, days: number) {
  const eventName = `${name} ${Date.now().toString(36)}`;
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(days),
    start_time: '10:00',
    end_time: '11:00',
    total_spaces: 1,
  });
  const event = ((await (await request.get(`/api/events/${created.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const holder = await createMember(request, { firstName: 'Harold' });
  const [slot] = await freeSlots(request, event);
  const booking = await bookThroughApi(request, holder, event, slot!);
  return { event, eventName, holder, booking };
}

async function joinThroughApi(request: APIRequestContext, who: TestMember, eventId: string) {
  const joined = await request.post(`/api/waiting-list/events/${eventId}`, { headers: bearer(who) });
  expect(joined.status(), await joined.text()).toBe(201);
}

async function cancelThroughApi(request: APIRequestContext, who: TestMember, appointmentId: string) {
  const cancelled = await request.post(`/api/appointments/${appointmentId}/cancel`, { headers: bearer(who), data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

test('a full event’s card leads to its waiting list, and My bookings shows the list with his number and Leave', async ({ page, request }) => {
  const { event, eventName } = await fullEvent(request, 'Card Waiting List', 8);
  const waiter = await createMember(request, { firstName: 'Walter' });
  await signInAt(page, waiter, '/book-event-main');

  const card = page.locator(`[data-event-id="${event.event_id}"]`);
  await expect(card).toHaveAttribute('data-card-state', 'full');
  const toList = card.getByRole('link', { name: /^Fully Booked: join the waiting list/ });
  await expect(toList).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await toList.click();

  await expect(page).toHaveURL(new RegExp(`/event/${event.event_id}$`));
  const list = page.getByRole('region', { name: 'Waiting list' });
  await list.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(list.getByText('You are number 1 on the waiting list.')).toBeVisible();

  await page.goto('/my-bookings');
  const lists = page.getByRole('region', { name: 'Waiting lists' });
  const item = lists.getByRole('listitem').filter({ hasText: eventName });
  await expect(item.getByText('You are number 1 on the waiting list.')).toBeVisible();
  await expect(item.getByRole('link', { name: eventName })).toHaveAttribute('href', `/event/${event.event_id}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `My bookings is ${width} px wide`).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  const leave = item.getByRole('button', { name: `Leave the waiting list for ${eventName}` });
  const box = (await leave.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await leave.click();
  await expect(lists).toHaveCount(0);
  const place = (await (await request.get(`/api/waiting-list/events/${event.event_id}`, { headers: bearer(waiter) })).json()) as MyWaitingPlace;
  expect(place.joined).toBe(false);
});

test('the member holding an offer reads first, without scrolling, that a place is held for him', async ({ page, request }) => {
  const { event, holder, booking } = await fullEvent(request, 'Held First', 9);
  const waiter = await createMember(request, { firstName: 'Wilfred' });
  await joinThroughApi(request, waiter, event.event_id);
  await cancelThroughApi(request, holder, booking.appointment_id);

  await signInAt(page, waiter, `/event/${event.event_id}`);
  const held = page.getByRole('status').filter({ hasText: 'A place is held for you' });
  await expect(held).toBeInViewport();
  const book = page.getByRole('link', { name: 'Book the place held for you' }).first();
  await expect(book).toBeInViewport();
  // It comes before the facts that say the event is fully booked to everyone else.
  const heldTop = (await held.boundingBox())!.y;
  const spacesTop = (await page.getByText('Fully Booked', { exact: true }).first().boundingBox())!.y;
  expect(heldTop).toBeLessThan(spacesTop);
  await expectNoSeriousA11yViolations(page);

  await book.click();
  await expect(page).toHaveURL(/\/book-event\?event=.*&offer=/);
  await expect(page.getByRole('status').filter({ hasText: 'A place is held for you' })).toBeVisible();
});

test('when the held place passes on unbooked he is emailed once, and his event page says so and where he stands', async ({ page, request }) => {
  const { event, eventName, holder, booking } = await fullEvent(request, 'Lapsed Offer', 10);
  const first = await createMember(request, { firstName: 'Frederick' });
  const second = await createMember(request, { firstName: 'Stanley' });
  await joinThroughApi(request, first, event.event_id);
  await joinThroughApi(request, second, event.event_id);
  await cancelThroughApi(request, holder, booking.appointment_id);
  const offered = (await (await request.get(`/api/waiting-list/events/${event.event_id}`, { headers: bearer(first) })).json()) as MyWaitingPlace;
  expect(offered.offer).not.toBeNull();
  const expires = new Date(offered.offer!.expires_at);

  // The server's clock moves past the hold; the move runs the sweep that passes the place on.
  const now = new Date(((await (await request.get('/dev/clock')).json()) as { now: string }).now);
  const minutes = Math.ceil((expires.getTime() - now.getTime()) / 60_000) + 1;
  try {
    expect((await request.post('/dev/clock/advance', { data: { minutes } })).status()).toBe(200);
    const lapsedMails = async () => (await mailsTo(request, first.email)).filter((m) => m.subject === `The place held for you has passed on: ${eventName}`);
    await expect.poll(async () => (await lapsedMails()).length, { timeout: 30_000 }).toBe(1);
    const mail = (await lapsedMails())[0]!;
    expect(mail.text).toContain('You are no longer on this event’s waiting list. No one else is waiting now: if you join it again, you will be number 1.');
    expect(mail.text).toContain(`/event/${event.event_id}`);
    await expect.poll(async () => (await mailsTo(request, second.email)).some((m) => m.subject === `A place is free for you: ${eventName}`)).toBe(true);

    await signInAt(page, first, `/event/${event.event_id}`);
    const list = page.getByRole('region', { name: 'Waiting list' });
    await expect(list.getByText('The place held for you has passed on.')).toBeVisible();
    await expect(list).toContainText('No one else is waiting now: if you join it again, you will be number 1.');
    await expect(list.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // A later sweep tells him nothing more.
    expect((await request.post('/dev/clock/advance', { data: { minutes: 2 } })).status()).toBe(200);
    await page.waitForTimeout(1500);
    expect(await lapsedMails()).toHaveLength(1);
  } finally {
    await serverClockBack(request);
  }
});
