/**
 * Email choices and one-click unsubscribe
 * (docs/decisions/0018-email-choices-and-unsubscribe.md): a member chooses his
 * emails in the portal (recall and newsletter start unticked); the reminder the
 * day before arrives in the outbox (the server's clock moved a day on) with RFC
 * 8058's headers; opened signed out, its link unsubscribes with one button; the
 * portal then shows reminders off.
 */
import { expect, test } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { addDays, londonDate } from '../../src/domain/london-time';
import { reminderMoment } from '../../src/domain/reminders';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember, signInAt } from './support/members';
import { createEventAsStaff, staffToken } from './support/staff';

interface OutboxMailWithHeaders {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

test.describe('email choices', () => {
  test('choose emails in the portal; unsubscribe from a reminder without signing in', async ({ page, browser, request }) => {
    const token = await staffToken(request);
    const name = `Reminder Journey ${Date.now()}`;
    // Corporate (no booking cut-off), the day after tomorrow: booked now, before tomorrow's reminder moment.
    const event = await createEventAsStaff(request, token, { event_name: name, event_date: addDays(londonDate(new Date()), 2), start_time: '10:00', end_time: '12:00' });
    const member = await createMember(request, { firstName: 'Reginald' });
    const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
    const [slot] = await freeSlots(request, published);
    await bookThroughApi(request, member, published, slot!);

    await signInAt(page, member, '/portal');
    const choices = page.getByRole('group', { name: 'Emails you get' });
    await expect(choices.getByLabel('Appointment reminders')).toBeChecked();
    await expect(choices.getByLabel('Waiting-list offers')).toBeChecked();
    await expect(choices.getByLabel('When my next PSA test is due')).not.toBeChecked();
    await expect(choices.getByLabel('Newsletter')).not.toBeChecked();
    await choices.getByLabel('Newsletter').check();
    await page.getByRole('button', { name: 'Save email choices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your email choices are saved.' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The server's clock moves on to just past the reminder's moment (09:00 UK the day before): a flat day
    // fell short of it whenever the journey ran between midnight and 09:00. The sweep runs as its schedule would have.
    let reminder: OutboxMailWithHeaders | undefined;
    // The dev clock moves at most a day a call.
    for (let left = Math.ceil((reminderMoment(published.event_date).getTime() - Date.now()) / 60_000) + 1; left > 0; left -= 1440) {
      expect((await request.post('/dev/clock/advance', { data: { minutes: Math.min(left, 1440) } })).status()).toBe(200);
    }
    try {
      await expect
        .poll(async () => {
          const messages = ((await (await request.get('/dev/outbox')).json()) as { messages: OutboxMailWithHeaders[] }).messages;
          reminder = messages.find((m) => m.to === member.email && m.subject.startsWith('Reminder:'));
          return reminder !== undefined;
        }, { timeout: 15_000 })
        .toBe(true);
    } finally {
      expect((await request.delete('/dev/clock')).status()).toBe(200);
    }
    expect(reminder!.text).toContain(name);
    expect(reminder!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<([^>]+)>$/.exec(reminder!.headers['List-Unsubscribe']!)![1]!;
    expect(reminder!.text).toContain(url);

    // Signed out, in another browser: the link shows one button, which unsubscribes.
    const other = await browser.newContext();
    try {
      const signedOut = await other.newPage();
      await signedOut.goto(new URL(url).pathname + new URL(url).search);
      await expect(signedOut.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
      await expect(signedOut.getByText('Appointment reminders')).toBeVisible();
      await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(signedOut.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      await expect(signedOut.getByRole('status')).toHaveText('You will no longer get reminders the day before your appointments.');
      await expectNoSeriousA11yViolations(signedOut);
    } finally {
      await other.close();
    }

    await page.reload();
    await expect(choices.getByLabel('Appointment reminders')).not.toBeChecked();
    await expect(choices.getByLabel('Newsletter')).toBeChecked();
  });
});
