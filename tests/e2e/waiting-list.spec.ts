/**
 * The waiting list (docs/decisions/0019-waiting-list.md), in a browser whose
 * clock is in New York: a member joins the list of a fully booked event and
 * sees his position; the member holding the only place cancels; the offer
 * arrives in the dev outbox with its one-click unsubscribe; he follows its link
 * to the slot choice with the place held for him, and books it while the event
 * is full to everyone else. Staff then see the list and its offer on a 360 px
 * phone, nothing wider than the screen.
 */
import { expect, test } from './support/test';
import { BOOKING_CONFIRMED_MESSAGE } from '../../src/domain/booking';
import type { ScreeningEvent } from '../../src/domain/event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, fillConsent, freeSlots, mailsTo, pickFirstFreeSlot } from './support/booking';
import { createMember, signIn, signInAt } from './support/members';
import { createEventAsStaff, inDays, signInAsStaff, staffToken } from './support/staff';

test('a member joins a full event’s waiting list, gets the offer when a place frees, and books through its link', async ({ page, request, browser }) => {
  const eventName = `Waiting List Screening ${Date.now().toString(36)}`;
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(6),
    start_time: '10:00',
    end_time: '11:00',
    total_spaces: 1,
  });
  const event = ((await (await request.get(`/api/events/${created.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const holder = await createMember(request, { firstName: 'Harold' });
  const waiter = await createMember(request, { firstName: 'Walter' });
  const [slot] = await freeSlots(request, event);
  const booking = await bookThroughApi(request, holder, event, slot!);

  // Full: the event's page offers the waiting list, and its Sign in comes back to this event, even when the
  // link is followed as a fresh page load (tapped before the page was interactive, the state of a click is lost).
  await page.goto(`/event/${created.event_id}`);
  const list = page.getByRole('region', { name: 'Waiting list' });
  await page.goto((await list.getByRole('link', { name: 'Sign in' }).getAttribute('href'))!);
  await expect(page).toHaveURL(/\/login\?from=/);
  await signIn(page, waiter.email, waiter.password);
  await expect(page).toHaveURL(new RegExp(`/event/${created.event_id}$`));
  await expect(page.getByRole('button', { name: 'Fully Booked' })).toBeDisabled();
  await list.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(list.getByText('You are number 1 on the waiting list.')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Leave the waiting list' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The holder cancels: the place is held for the waiter and his offer is emailed.
  const cancelled = await request.post(`/api/appointments/${booking.appointment_id}/cancel`, {
    headers: { Authorization: `Bearer ${holder.accessToken}` },
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const offerMail = async () => (await mailsTo(request, waiter.email)).find((m) => m.subject === `A place is free for you: ${eventName}`);
  await expect.poll(offerMail).toBeTruthy();
  const mail = (await offerMail())!;
  expect(mail.text).toContain('Unsubscribe from waiting-list offers: http://localhost:');
  // Everyone else still sees the event full.
  expect((await request.get(`/api/events/${created.event_id}/slots`)).status()).toBe(409);

  const link = /Book the place held for you: (\S+)/.exec(mail.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('status').filter({ hasText: 'A place is held for you' })).toBeVisible();
  await pickFirstFreeSlot(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
  await expect(page.getByRole('heading', { level: 1, name: BOOKING_CONFIRMED_MESSAGE })).toBeVisible();
  // His event page now shows his place, not an offer to join the list he has left.
  await page.goto(`/event/${created.event_id}`);
  await expect(page.getByRole('region', { name: 'Waiting list' }).getByText('You already have a place at this event.')).toBeVisible();

  // Staff on a 360 px phone: the list shows the offer taken, and fits the screen.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, timezoneId: 'America/Los_Angeles', locale: 'en-GB' });
  const staffPage = await phone.newPage();
  await signInAsStaff(staffPage);
  await staffPage.goto(`/staff/events/${created.event_id}`);
  const staffList = staffPage.getByRole('region', { name: 'Waiting list' });
  await expect(staffList.getByRole('listitem')).toHaveCount(1);
  await expect(staffList.getByRole('listitem')).toContainText('Walter Booker');
  await expect(staffList.getByRole('listitem')).toContainText('Booked');
  await expect(staffList.getByRole('listitem')).toContainText('held until');
  const width = await staffPage.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `the staff event page is ${width} px wide`).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(staffPage);
  await phone.close();
});

test('a member offered a place he does not want turns it down, and the next man waiting is offered it at once', async ({ page, request }) => {
  const eventName = `Turned Down Screening ${Date.now().toString(36)}`;
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(7),
    start_time: '10:00',
    end_time: '11:00',
    total_spaces: 1,
  });
  const event = ((await (await request.get(`/api/events/${created.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const holder = await createMember(request, { firstName: 'Henry' });
  const first = await createMember(request, { firstName: 'Frank' });
  const second = await createMember(request, { firstName: 'Stanley' });
  const [slot] = await freeSlots(request, event);
  const booking = await bookThroughApi(request, holder, event, slot!);
  for (const who of [first, second]) {
    const joined = await request.post(`/api/waiting-list/events/${created.event_id}`, { headers: { Authorization: `Bearer ${who.accessToken}` } });
    expect(joined.status(), await joined.text()).toBe(201);
  }
  const cancelled = await request.post(`/api/appointments/${booking.appointment_id}/cancel`, { headers: { Authorization: `Bearer ${holder.accessToken}` }, data: {} });
  expect(cancelled.status()).toBe(200);

  await signInAt(page, first, `/event/${created.event_id}`);
  const list = page.getByRole('region', { name: 'Waiting list' });
  await expect(list.getByText('A place is held for you')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await list.getByRole('button', { name: 'I don’t want this place' }).click();
  await expect(list.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
  const offerTo = async (email: string) => (await mailsTo(request, email)).some((m) => m.subject === `A place is free for you: ${eventName}`);
  await expect.poll(() => offerTo(second.email)).toBe(true);
});
