/**
 * "Who has looked at your record" (docs/rules.md#record-access), on a
 * 360 px phone: staff open the attendee list at the door (a check-in look),
 * check him in, look up his tube's sample id and enter his result (a
 * result entry look), all through the staff API as the console does; he
 * then reads both looks on his portal, newest first, with the staff
 * member's first name and role, the date and why, never an address; and
 * reads them again with no connection. Axe on the list.
 */
import { expect, test, type APIRequestContext } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatLongDate } from '../../src/domain/format';
import { londonDate } from '../../src/domain/london-time';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember, signIn } from './support/members';
import { indexedDbText, waitForServiceWorkerControl } from './support/pwa';
import { createEventAsStaff, staffSession } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

async function staffCall(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

test('he reads who looked at his record after his check-in and his result entry, online and offline', async ({ page, context, request }) => {
  const { account: staff, token } = await staffSession(request);
  const event = await createEventAsStaff(request, token, { event_name: `Looks Screening ${Date.now()}` });
  const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, published);
  const member = await createMember(request, { firstName: 'Walter', nhsNumber: '9434765919' });
  const booking = await bookThroughApi(request, member, published, slot!);

  // At the door: the list on the phone, then his check-in, which gives his tube its sample id.
  const base = `/api/staff/events/${event.event_id}`;
  await staffCall(request, token, 'GET', `${base}/attendees`);
  const checkIn = (await staffCall(request, token, 'POST', `${base}/check-ins`, {
    check_ins: [{ appointment_id: booking.appointment_id, checked_in_at: new Date().toISOString(), sample_id: null }],
  })) as { results: { sample_id: string }[] };
  const sampleId = checkIn.results[0]!.sample_id;
  // His result typed from the tube: the lookup shows who it is, then the value is saved.
  await staffCall(request, token, 'GET', `${base}/samples/${sampleId}`);
  await staffCall(request, token, 'PUT', `${base}/attendees/${booking.appointment_id}/result`, { test_result: '0.80', sample_id: sampleId });

  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await page.goto('/portal');
  const section = page.getByRole('region', { name: 'Who has looked at your record' });
  const looks = section.getByRole('listitem');
  await expect(looks).toHaveCount(2);
  const today = formatLongDate(londonDate(new Date()));
  await expect(looks.nth(0)).toContainText(`${today}: Result entry`);
  await expect(looks.nth(0)).toContainText(`${staff.firstName} (Administrator) saw your name and date of birth and your NHS number, for ${published.event_name}.`);
  await expect(looks.nth(1)).toContainText(`${today}: Check-in`);
  await expect(looks.nth(1)).toContainText(`${staff.firstName} (Administrator) saw your name and date of birth and your NHS number`);
  await expect(section).not.toContainText(staff.email);
  await expect(section).not.toContainText('@');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);

  // With no signal the saved copy reads the same.
  await expect.poll(() => indexedDbText(page)).toContain('result_entry');
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Who has looked at your record' }).getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  } finally {
    await context.setOffline(false);
  }
});
