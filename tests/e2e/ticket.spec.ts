/**
 * His ticket (docs/rules.md#tickets) on a 360 px phone with touch: a member
 * books a free event on screen, finds his ticket in the confirmation email (a
 * QR picture, read back with a QR decoder, and the short code), then under My
 * bookings: Show ticket draws the QR code on the phone, and a scanner reading
 * a screenshot of it gets a ticket the server's public key proves names his
 * booking, its event and his slot. With the network cut, the page reloaded
 * from the saved copy still shows the QR code and the code. The QR drawing
 * code is not part of the page's first load, and axe finds nothing serious.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { formatLongDate, formatTime } from '../../src/domain/format';
import { londonToInstant } from '../../src/domain/london-time';
import { formatTicketCode, importTicketKey, verifyTicket, type TicketCheck } from '../../src/domain/ticket';
import { signerFromSecret } from '../../server/platform/signing';
import { readQrPng } from '../fixtures/qr';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillConsent, mailsTo, pickFirstFreeSlot } from './support/booking';
import { createMember, signIn } from './support/members';
import { precachedPaths, waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { E2E_LINK_SIGNING_SECRET } from './support/settings';
import { createEventAsStaff, inDays, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/New_York', locale: 'en-GB', isMobile: true, hasTouch: true });

/** The server's public key, as a staff phone holds it: derived from the e2e server's secret. */
const publicKey = async () => importTicketKey(await signerFromSecret(E2E_LINK_SIGNING_SECRET).ticketPublicKey());

/** What a scanner reads from the QR code on screen: a screenshot of it, decoded. */
async function scan(qr: Locator): Promise<string | null> {
  return readQrPng(await qr.screenshot());
}

async function expectTicketShown(page: Page, card: Locator, code: string) {
  await card.getByRole('button', { name: /Show ticket/ }).tap();
  const panel = card.getByRole('region', { name: 'Your ticket' });
  await expect(panel).toBeVisible();
  await expect(card.getByRole('button', { name: /Hide ticket/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText('Or read out this code:')).toBeVisible();
  await expect(panel.getByText(formatTicketCode(code), { exact: true })).toBeVisible();
  const qr = panel.getByRole('img', { name: /QR code of your ticket for/ });
  await expect(qr).toBeVisible();
  // Large enough to scan at arm's length, and within the phone's width.
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(240);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  return { panel, qr };
}

test('his ticket in the email, on My bookings, and with no network', async ({ page, context, request }) => {
  const eventName = `Ticket Screening ${Date.now().toString(36)}`;
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(10),
    start_time: '10:00',
    end_time: '12:00',
  });
  const member = await createMember(request, { firstName: 'Trevor' });

  // He books on screen.
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await page.goto(`/book-event?event=${created.event_id}`);
  const slot = await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).tap();
  await fillConsent(page);
  await page.getByRole('button', { name: 'COMPLETE BOOKING' }).tap();
  await expect(page).toHaveURL(/\/booking-success\?appointment=[0-9a-f-]{36}$/);
  const appointmentId = new URL(page.url()).searchParams.get('appointment')!;
  const key = await publicKey();
  const expectHis = (check: TicketCheck) =>
    expect(check).toMatchObject({
      ok: true,
      claims: { appointmentId, eventId: created.event_id, slotStart: londonToInstant(created.event_date, slot).toISOString() },
    });

  // The confirmation email: the QR picture carries his signed ticket, and the words its code.
  const confirmation = async () => (await mailsTo(request, member.email)).find((m) => m.subject === `Booking confirmed: ${eventName}`);
  await expect.poll(confirmation, { timeout: 15_000 }).toBeTruthy();
  const mail = (await confirmation())!;
  const picture = mail.attachments.find((a) => a.contentType === 'image/png')!;
  expect(picture).toBeTruthy();
  const mailed = await verifyTicket(readQrPng(Buffer.from(picture.content, 'base64'))!, key);
  expectHis(mailed);
  const code = mailed.ok ? mailed.code : '';
  expect(mail.text).toContain(`Or read out this code: ${formatTicketCode(code)}`);

  // My bookings: the QR code is drawn only once he asks for it.
  const qrCode: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/ticket-qr-[^/]+\.js$/.test(r.url())) qrCode.push(r.url());
  });
  await page.goto('/my-bookings');
  const card = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem', { name: eventName });
  await expect(card).toContainText(`${formatTime(slot)} to`);
  await expect(card.getByRole('button', { name: /Show ticket/ })).toHaveAttribute('aria-expanded', 'false');
  expect(qrCode).toEqual([]);
  const online = await expectTicketShown(page, card, code);
  expect(qrCode).toHaveLength(1);
  await expect(online.panel).toContainText(eventName);
  await expect(online.panel).toContainText(formatLongDate(created.event_date));
  await expect(online.panel).toContainText(`${formatTime(slot)} to`);
  expectHis(await verifyTicket((await scan(online.qr))!, key));
  await expectNoSeriousA11yViolations(page);

  // No network: the saved copy, with the ticket in it, still shows the QR code and the code. The
  // drawing code is in the service worker's precache, there for a phone that never opened a ticket online.
  expect((await precachedPaths(page)).some((path) => /^\/assets\/ticket-qr-[^/]+\.js$/.test(path))).toBe(true);
  await waitForPersisted(page, code);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /Offline: saved/ })).toBeVisible({ timeout: 15_000 });
    const offlineCard = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem', { name: eventName });
    const offline = await expectTicketShown(page, offlineCard, code);
    expectHis(await verifyTicket((await scan(offline.qr))!, key));
    await expectNoSeriousA11yViolations(page);
  } finally {
    await context.setOffline(false);
  }
});
