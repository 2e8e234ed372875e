/**
 * Recall invitations (docs/decisions/0020-recall-invitations-and-gp-prompt.md)
 * in the browser: staff enter a result and set the next test one month on from
 * a 360 px phone (the rule's date shown, a wrong interval announced, keyboard
 * only for the choice); the server's clock moves three days, its sweep sends
 * the invitation four weeks ahead of that date; the invitation's listing link
 * opens on exactly its events, nearest first as the email lists them, at the
 * top of a 360 px phone in New York for a visitor who is not signed in; and its
 * one-click unsubscribe works signed out. Axe on each page.
 */
import { expect, test, type APIRequestContext } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { createEventAsStaff, inDays, signInAsStaff, staffToken } from './support/staff';

interface OutboxMailWithHeaders {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** A public community event on `date` at this latitude and longitude. */
async function communityEvent(request: APIRequestContext, token: string, name: string, date: string, latitude: number, longitude: number) {
  return createEventAsStaff(request, token, {
    event_name: name,
    category: 'community',
    exclusive_for: null,
    event_date: date,
    start_time: '10:00',
    end_time: '12:00',
    address_line_1: 'Village Hall',
    city: 'Lerwick',
    postcode: 'ZE1 0AA',
    latitude,
    longitude,
  });
}

test.describe('recall invitations', () => {
  test('staff set the next test on a phone; the invitation lists the nearest events, its link shows them signed out, and unsubscribes', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await staffToken(request);
    const run = Date.now();
    // Far from every other journey's events (Shetland), and a little apart from a retried run's.
    const lat = 60.1 + (run % 1000) / 10_000;
    const lon = -1.2;
    const tested = await createEventAsStaff(request, token, { event_name: `Recall Last Test ${run}`, latitude: lat, longitude: lon, city: 'Lerwick' });
    // Nearest first whatever the dates: under a mile, about 3 and 7 miles away; a fourth about 21 miles away is not listed.
    const names = [`Recall Nearest ${run}`, `Recall Second ${run}`, `Recall Third ${run}`];
    await communityEvent(request, token, names[0]!, inDays(24), lat + 0.01, lon);
    await communityEvent(request, token, names[1]!, inDays(20), lat + 0.05, lon);
    await communityEvent(request, token, names[2]!, inDays(22), lat + 0.1, lon);
    await communityEvent(request, token, `Recall Too Far ${run}`, inDays(21), lat + 0.3, lon);

    const member = await createMember(request, { firstName: 'Rufus' });
    const published = ((await (await request.get(`/api/events/${tested.event_id}`)).json()) as { event: ScreeningEvent }).event;
    const [slot] = await freeSlots(request, published);
    await bookThroughApi(request, member, published, slot!);
    const chose = await request.put('/api/email-choices', { headers: { Authorization: `Bearer ${member.accessToken}` }, data: { recall: true } });
    expect(chose.status()).toBe(200);

    // Staff, on a 360 px phone: the result, then the next test one month after the sample.
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, timezoneId: 'America/Los_Angeles', locale: 'en-GB' });
    try {
      const page = await phone.newPage();
      await signInAsStaff(page);
      await page.goto(`/staff/events/${tested.event_id}`);
      const card = page.getByRole('listitem').filter({ hasText: 'Rufus Booker' });
      await card.getByRole('button', { name: 'Enter result for Rufus Booker' }).click();
      await page.getByLabel('PSA (ng/ml)').fill('0.50');
      await page.getByRole('button', { name: 'Save result' }).click();
      await expect(card.getByText('Next test')).toBeVisible();
      await card.getByRole('button', { name: 'Change result for Rufus Booker' }).click();

      const form = page.getByRole('form', { name: 'Next test for Rufus Booker' });
      await expect(form.getByText('By the rule:')).toBeVisible();
      await expect(form.getByLabel('Use the rule')).toBeChecked();
      // The keyboard alone: the arrow key moves the choice within the group.
      await form.getByLabel('Use the rule').focus();
      await page.keyboard.press('ArrowDown');
      await expect(form.getByLabel('Set another interval')).toBeChecked();
      const months = form.getByLabel('Months after the sample (1 to 60)');
      await months.fill('0');
      await page.keyboard.press('Enter');
      await expect(form.getByRole('alert')).toHaveText('Enter a whole number of months from 1 to 60.');
      await expect(months).toHaveAttribute('aria-invalid', 'true');
      await months.fill('1');
      await form.getByRole('button', { name: 'Save next test' }).click();
      await expect(form.getByRole('status')).toContainText('Saved: the next test is due');
      await expect(card.getByText('(set by staff)')).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await phone.close();
    }

    // Due one month after today: its invitation is four weeks before, two or three days from now.
    let invitation: OutboxMailWithHeaders | undefined;
    try {
      for (let day = 0; day < 3; day += 1) expect((await request.post('/dev/clock/advance', { data: { minutes: 1440 } })).status()).toBe(200);
      await expect
        .poll(async () => {
          const messages = ((await (await request.get('/dev/outbox')).json()) as { messages: OutboxMailWithHeaders[] }).messages;
          invitation = messages.find((m) => m.to === member.email && m.subject.startsWith('Your next PSA test is due'));
          return invitation !== undefined;
        }, { timeout: 20_000 })
        .toBe(true);
    } finally {
      expect((await request.delete('/dev/clock')).status()).toBe(200);
    }
    const order = names.map((name) => invitation!.text.indexOf(name));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(invitation!.text).not.toContain(`Recall Too Far ${run}`);
    const listing = new URL(/See these events and book: (\S+)/.exec(invitation!.text)![1]!);
    const unsubscribe = new URL(/^<([^>]+)>$/.exec(invitation!.headers['List-Unsubscribe']!)![1]!);
    expect(invitation!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const visitor = await browser.newContext({ viewport: { width: 360, height: 780 }, timezoneId: 'America/New_York', locale: 'en-GB', isMobile: true, hasTouch: true });
    try {
      const page = await visitor.newPage();
      await page.goto(listing.pathname + listing.search);
      // He lands on his events: the page's heading, and the first of them in the first screen, no scrolling.
      const heading = page.getByRole('heading', { level: 1, name: 'Events chosen for you' });
      // The page's code can take a while on a busy machine; once drawn, it must be in the first screen.
      await expect(heading).toBeVisible({ timeout: 30_000 });
      await expect(heading).toBeInViewport();
      await expect(page.getByRole('status').filter({ hasText: 'events found' })).toHaveText('3 events found');
      const list = page.getByRole('list', { name: 'Screening events' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      // Nearest first, as the email lists them (by date they would be second, third, nearest).
      for (const [i, name] of names.entries()) await expect(list.getByRole('listitem').nth(i)).toContainText(name);
      const firstEvent = await list.getByRole('listitem').first().boundingBox();
      expect(firstEvent!.y).toBeLessThan(780);
      await expect(page.getByRole('heading', { name: 'Search all events' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expect(page.getByText(`Recall Too Far ${run}`)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Show all upcoming events' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The email's one-click unsubscribe, in the same signed-out browser.
      await page.goto(unsubscribe.pathname + unsubscribe.search);
      await expect(page.getByText('When my next PSA test is due')).toBeVisible();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('status')).toHaveText('You will no longer get invitations when your next PSA test is due.');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await visitor.close();
    }
    const after = await request.get('/api/email-choices', { headers: { Authorization: `Bearer ${member.accessToken}` } });
    expect(((await after.json()) as { choices: { recall: boolean } }).choices.recall).toBe(false);
  });
});
