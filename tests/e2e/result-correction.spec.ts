/**
 * A typed result corrects only the result the form showed
 * (docs/rules.md#results-entry): staff open a man's result form, a colleague
 * saves a result for him meanwhile, and the save is refused and said, with
 * the list showing the colleague's result; saved again, the form's value
 * replaces the one it now shows.
 */
import { expect, test } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

test('a result saved by a colleague while the form was open is not replaced unseen', async ({ page, request }) => {
  const token = await staffToken(request);
  const event = await createEventAsStaff(request, token, { event_name: `Harbour Corporate ${Date.now()}` });
  const member = await createMember(request, { firstName: 'Harold', age: 58 });
  const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, published);
  await bookThroughApi(request, member, published, slot!);
  const auth = { Authorization: `Bearer ${token}` };
  const { attendees } = (await (await request.get(`/api/staff/events/${event.event_id}/attendees`, { headers: auth })).json()) as AttendeeList;
  const him = attendees.find((a) => a.first_name === 'Harold')!;

  await signInAsStaff(page);
  await page.goto(`/staff/events/${event.event_id}`);
  await page.getByRole('button', { name: 'Enter result for Harold Booker' }).click();
  await page.getByLabel('PSA (ng/ml)').fill('3.4');

  // A colleague saves his result first.
  const colleague = await request.put(`/api/staff/events/${event.event_id}/attendees/${him.appointment_id}/result`, { headers: auth, data: { test_result: '2.60' } });
  expect(colleague.status(), await colleague.text()).toBe(200);

  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Not saved: A result of 2.6 ng/ml was saved for Harold while this form was open, so yours was not saved: check his result, and save yours again only if it replaces that one.',
  );
  await expect(page.getByRole('cell', { name: /2\.6 ng\/ml/ })).toBeVisible();
  await expect(page.getByLabel('PSA (ng/ml)')).toHaveValue('3.4');
  await expectNoSeriousA11yViolations(page);

  // Seen, and saved again: it replaces the result the list now shows.
  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByRole('cell', { name: /3\.4 ng\/ml/ })).toBeVisible();
  const after = (await (await request.get(`/api/staff/events/${event.event_id}/attendees`, { headers: auth })).json()) as AttendeeList;
  expect(after.attendees.find((a) => a.appointment_id === him.appointment_id)!.result).toMatchObject({ test_result: 3.4 });
});
