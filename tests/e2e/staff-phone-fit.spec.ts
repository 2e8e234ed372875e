/**
 * Every staff page on a 360 px and a 320 px phone in New York time, for every kind of
 * event (community, Freemasons, corporate, one sent to the ESNEFT lab):
 * nothing wider than the screen, no card wider than itself, no word broken
 * across lines (the member id as "CHAP S100 1", a button one letter a
 * line), every value of an attendee card given room, and axe clean. The
 * result entry boxes, the lab file picker and the Staff page's role choices
 * use the site's type at a 44 px tap target, as the follow-up choice does;
 * every control on every page is a 44 by 44 px target at both widths
 * (support/targets.ts: a link inside a sentence is WCAG 2.5.8's inline
 * exception), and on the day the door's Scan ticket is above the fold of
 * a 360 by 800 screen.
 */
import { expect, test, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { londonToInstant } from '../../src/domain/london-time';
import { expectNoSeriousA11yViolations } from './support/axe';
import { smallTargets } from './support/targets';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { createEventAsStaff, inDays, signInAsStaff, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/New_York' });

/** The phones' widths: each page is measured at both. */
const WIDTHS = [360, 320] as const;

interface Misfit {
  what: string;
  detail: string;
}

/**
 * What does not fit in `main`: the page wider than the screen, a card wider
 * than itself or off the screen, a word of 2 to 20 letters set on more than
 * one line (a longer one, such as an email address, may wrap), a value of
 * an attendee card narrower than 150 px, a choice in a card narrower than 100 px.
 */
async function misfits(page: Page, width: number): Promise<Misfit[]> {
  return page.evaluate((width) => {
    const found: { what: string; detail: string }[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`;
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    if (document.documentElement.scrollWidth > width) found.push({ what: 'page', detail: `${document.documentElement.scrollWidth} px wide` });
    const main = document.querySelector('main') ?? document.body;
    for (const card of Array.from(main.querySelectorAll('.staff-card, .staff-failure, form, fieldset, section, table'))) {
      if (!shown(card)) continue;
      const box = card.getBoundingClientRect();
      if (card.scrollWidth > card.clientWidth + 1 || box.right > width + 0.5 || box.left < -0.5) {
        found.push({ what: name(card), detail: `${Math.round(box.left)}..${Math.round(box.right)}, content ${card.scrollWidth} in ${card.clientWidth}` });
      }
    }
    for (const dd of Array.from(main.querySelectorAll('.staff-card-facts dd'))) {
      if (shown(dd) && dd.getBoundingClientRect().width < 150) found.push({ what: 'card value', detail: `${Math.round(dd.getBoundingClientRect().width)} px: ${dd.textContent}` });
    }
    for (const select of Array.from(main.querySelectorAll('.staff-card select'))) {
      if (shown(select) && select.getBoundingClientRect().width < 100) found.push({ what: 'select', detail: `${Math.round(select.getBoundingClientRect().width)} px wide` });
    }
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !shown(parent) || parent.closest('.visually-hidden, .print-only, option, script, style')) continue;
      for (const match of text.matchAll(/[^\s\-–/]+/g)) {
        if (match[0].length < 2 || match[0].length > 20) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push({ what: 'broken word', detail: `"${match[0]}" on ${lines.size} lines in ${name(parent)}` });
      }
    }
    return found;
  }, width);
}

/** At each width: nothing wider than the screen, every control a 44 px target, axe clean; then back to 360 px. */
async function expectFits(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => misfits(page, width), { message: `${where} fits ${width} px`, timeout: 5_000 }).toEqual([]);
    await expect.poll(() => smallTargets(page), { message: `${where}: every control 44 px at ${width} px`, timeout: 5_000 }).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 360, height: 780 });
}

/** The site's type (the page's font, at least the body's size) and a 44 px target. */
async function expectSiteType(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toBeVisible();
  const look = await field.evaluate((el) => {
    const own = getComputedStyle(el);
    const body = getComputedStyle(document.body);
    return { height: el.getBoundingClientRect().height, size: parseFloat(own.fontSize), bodySize: parseFloat(body.fontSize), family: own.fontFamily, bodyFamily: body.fontFamily };
  });
  expect(look.height, `${label} is a 44 px target`).toBeGreaterThanOrEqual(44);
  expect(look.size, `${label} in the site's size`).toBeGreaterThanOrEqual(look.bodySize);
  expect(look.family, `${label} in the site's font`).toBe(look.bodyFamily);
}

const KINDS = [
  { kind: 'community', fields: { category: 'community' } },
  { kind: 'Freemasons', fields: { category: 'freemasons' } },
  { kind: 'corporate', fields: { category: 'corporate' } },
  { kind: 'ESNEFT', fields: { category: 'freemasons', lab_name: 'ESNEFT' } },
] as const;

test.describe('the staff console fits a phone for every kind of event', () => {
  test('every staff page and every kind of attendee list fits 360 px, with result entry in the site type', async ({ page }) => {
    test.setTimeout(180_000);
    const request = page.request;
    const stamp = Date.now();
    const events: { kind: string; id: string; name: string }[] = [];
    const booked: { eventId: string; appointmentId: string }[] = [];
    const day = inDays(1);
    let token = await staffToken(request);
    for (const { kind, fields } of KINDS) {
      const name = `${kind} Phone Fit ${stamp}`;
      // Tomorrow, booked now: corporate-only events take bookings up to their start.
      const times = { event_date: day, start_time: '10:00', end_time: '12:00', exclusive_for: 'CORPORATE' };
      const { event_id: id } = await createEventAsStaff(request, token, { ...fields, ...times, event_name: name });
      const published = ((await (await request.get(`/api/events/${id}`)).json()) as { event: ScreeningEvent }).event;
      const slots = await freeSlots(request, published);
      for (const slot of slots.slice(0, 2)) {
        const member = await createMember(request, { firstName: 'Bartholomew', nhsNumber: kind === 'ESNEFT' ? '9434765919' : null, age: 62 });
        booked.push({ eventId: id, appointmentId: (await bookThroughApi(request, member, published, slot)).appointment_id });
      }
      events.push({ kind, id, name });
    }
    // The server's clock (a development stand-in) moves on to after the events, which then take results.
    let minutes = Math.ceil((londonToInstant(day, '12:30').getTime() - Date.now()) / 60_000);
    while (minutes > 0) {
      const step = Math.min(minutes, 1440);
      expect((await request.post('/dev/clock/advance', { data: { minutes: step } })).status()).toBe(200);
      minutes -= step;
    }
    // The phone's clock moves with it, so the list offers result entry for a held event.
    await page.clock.setFixedTime(londonToInstant(day, '12:30'));
    token = await staffToken(request);
    // A red result on the first booking of each (amber and red take a follow-up choice); the second still waits.
    for (const { eventId, appointmentId } of booked.filter((_, i) => i % 2 === 0)) {
      const saved = await request.put(`/api/staff/events/${eventId}/attendees/${appointmentId}/result`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { test_result: '9.8', comments: null },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }

    await signInAsStaff(page);

    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff console: events' })).toBeVisible();
    await expect(page.getByText(events[0]!.name).first()).toBeVisible();
    await expectFits(page, 'the console home and its events');

    for (const { kind, id, name } of events) {
      await page.goto(`/staff/events/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'ng/ml' })).toHaveCount(1);
      await expect(page.getByRole('combobox', { name: /^Follow-up for / })).toBeVisible();
      await expectFits(page, `the attendee list of a ${kind} event`);
    }

    // On the day, the door's Scan ticket is above the fold of a 360 by 800 phone: the door's first task, before the list's tools.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/staff/events/${events[0]!.id}`);
    const scan = page.getByRole('button', { name: 'Scan ticket' });
    await expect(scan).toBeVisible();
    const scanBox = (await scan.boundingBox())!;
    expect(scanBox.y + scanBox.height, 'Scan ticket above the fold').toBeLessThanOrEqual(800);
    await page.setViewportSize({ width: 360, height: 780 });

    // Result entry, on the ESNEFT list: the value and comment, then the next test's interval, then the lab file.
    const esneft = events.find((e) => e.kind === 'ESNEFT')!;
    await page.goto(`/staff/events/${esneft.id}`);
    const withResult = page.getByRole('listitem').filter({ hasText: 'ng/ml' });
    await withResult.getByRole('button', { name: /^Change result for / }).click();
    await expectSiteType(page, 'PSA (ng/ml)');
    await expectSiteType(page, 'Comment for the member');
    await page.getByLabel('Set another interval').check();
    await expectSiteType(page, 'Months after the sample (1 to 60)');
    await expectSiteType(page, 'Results file (CSV)');
    await expectFits(page, 'result entry on an ESNEFT list');

    await page.goto(`/staff/events/${esneft.id}/labels`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the labels page');

    await page.goto(`/staff/events/${esneft.id}/manifest`);
    await expect(page.getByRole('heading', { name: 'Laboratory manifest' })).toBeVisible();
    await expectFits(page, 'the manifest page');

    await page.goto(`/staff/events/${esneft.id}/walk-in`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the walk-in page');

    await page.goto('/staff/clinical-rules');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the clinical rules page');

    await page.goto(`/staff/events/${esneft.id}/edit`);
    await expect(page.getByLabel('Event name')).toHaveValue(esneft.name);
    await expectFits(page, 'the event editor');

    await page.goto('/staff/events/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
    await expectFits(page, 'the new event form');

    await page.goto('/staff/statistics');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the statistics page');

    await page.goto('/staff/members/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Register a member' })).toBeVisible();
    await expectFits(page, 'the registration page');

    await page.goto('/staff/failures');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the jobs page');

    // The Staff page: each other account's role choice in the site's type at a 44 px target, as the new role's is, and every button 44 px tall.
    await page.goto('/staff/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff and their roles' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Reset authenticator of / }) }).first();
    const email = await card.getByRole('heading', { level: 3 }).innerText();
    await expectSiteType(page, `Role of ${email}`);
    await expectSiteType(page, 'Role');
    const buttons = card.getByRole('button');
    await expect(buttons).toHaveCount(3);
    for (const button of await buttons.all()) expect((await button.boundingBox())!.height, `${await button.innerText()} is a 44 px target`).toBeGreaterThanOrEqual(44);
    await expectFits(page, 'the Staff page');
  });

  test.afterEach(async ({ request }) => {
    await request.delete('/dev/clock');
  });
});
