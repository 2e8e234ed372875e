/**
 * The clinical lead changes the PSA rule (docs/rules.md#clinical-rules) on
 * a 360 px phone: the Clinical rules page shows the rule in use beside its
 * history; lowering the red factor shows, before saving, that 9.5 ng/ml at
 * 75 turns from amber to red (marked "Changes"); a save without a reason is
 * refused and says why; with one it becomes the next version, listed with
 * who and why. A result saved before keeps its amber band on the attendee
 * list while the same value saved after is red, and the man whose result
 * it is reads it as amber with a sentence saying today's rule would give
 * red. Axe on the pages, and it fits 360 px.
 *
 * The journey's staff account is an admin (tests/e2e/support/staff.ts),
 * and an admin may change the rule as a clinical account may;
 * server/modules/results/tests/clinical-rules.test.ts checks a clinical
 * account, and that a volunteer may not. The journey leaves the rule as it
 * found it (a further version with the same values), since later journeys
 * on this server band results too.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { ClinicalRulesAnswer } from '../../src/domain/clinical-rule';
import type { ScreeningEvent } from '../../src/domain/event';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember, signInAt, type TestMember } from './support/members';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 } });

async function expectFits(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // What sticks out, named in the failure.
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.getBoundingClientRect().right > 360)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`),
  );
  expect(width, `${what} is ${width} px wide: ${wide.join(', ')}`).toBeLessThanOrEqual(360);
}

const rulesNow = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/staff/clinical-rules', { headers: { Authorization: `Bearer ${token}` } })).json()) as ClinicalRulesAnswer;

test('the clinical lead sees what a change does before saving it, saves it with a reason, and old results keep their band', async ({ page, browser }) => {
  const request = page.request;
  const token = await staffToken(request);
  const before = (await rulesNow(request, token)).current;
  const { event_id: eventId } = await createEventAsStaff(request, token, { event_name: `Aldeburgh Screening ${Date.now()}` });
  const event = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const slots = await freeSlots(request, event);
  const members = new Map<string, TestMember>();
  const book = async (firstName: string) => {
    const member = await createMember(request, { firstName, age: 75 });
    members.set(firstName, member);
    return (await bookThroughApi(request, member, event, slots.shift()!)).appointment_id;
  };
  const saveResult = async (appointmentId: string) => {
    const saved = await request.put(`/api/staff/events/${eventId}/attendees/${appointmentId}/result`, { headers: { Authorization: `Bearer ${token}` }, data: { test_result: '9.50' } });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  // 9.5 ng/ml at 75, saved under the rule in use: amber (from 5, red from 10).
  const earlier = await book('Percy');
  await saveResult(earlier);

  try {
    const staff = await signInAsStaff(page);
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Clinical rules' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clinical rules' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `In use: version ${before.version}` })).toBeVisible();
    const bands = page.getByRole('table', { name: 'PSA bands by age' }).first();
    await expect(bands.getByRole('row', { name: '70 and over 5 ng/ml 10 ng/ml' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' }).getByRole('heading', { name: new RegExp(`^Version ${before.version}`) })).toBeVisible();
    await expectFits(page, '/staff/clinical-rules');
    await expectNoSeriousA11yViolations(page);

    // The proposal: red from 1.5 times the amber line. The examples show what it does before anything is saved.
    await page.getByLabel('Red factor').fill('1.5');
    const examples = page.getByRole('region', { name: 'What the change would do' });
    await expect(examples.getByRole('status')).toHaveText(/^\d+ of the 48 example values change band, marked “Changes” below\.$/);
    const at75 = examples.getByRole('table', { name: 'At 75 (70 and over)' });
    await expect(at75.getByRole('row', { name: '9.5 Amber Red Changes' })).toBeVisible();
    await expect(at75.getByRole('row', { name: '5 Amber Amber' })).toBeVisible();
    await expectFits(page, 'the example tables');

    // No reason: refused, and said.
    const save = page.getByRole('button', { name: `Save as version ${before.version + 1}` });
    await save.click();
    await expect(page.getByRole('alert')).toContainText('Give the reason for this change');
    await expect(page.getByLabel('Reason for the change (kept with the version)')).toHaveAttribute('aria-invalid', 'true');
    expect((await rulesNow(request, token)).current.version).toBe(before.version);

    const reason = 'The NHS referral value from 70 is 5 ng/ml: red should start well below twice it.';
    await page.getByLabel('Reason for the change (kept with the version)').fill(reason);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'saved' })).toHaveText(`Version ${before.version + 1} saved. Results saved from now on are banded by it.`);
    await expect(page.getByRole('heading', { level: 2, name: `In use: version ${before.version + 1}` })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    const newest = history.getByRole('listitem').first();
    await expect(newest).toContainText(`Version ${before.version + 1}`);
    await expect(newest).toContainText(`Saved by ${staff.email}`);
    await expect(newest).toContainText(reason);
    await expect(page.getByRole('table', { name: 'PSA bands by age' }).first().getByRole('row', { name: '70 and over 5 ng/ml 7.5 ng/ml' })).toBeVisible();
    await expectFits(page, '/staff/clinical-rules after a save');
    await expectNoSeriousA11yViolations(page);

    // The same value saved now is red; the one saved before keeps its amber band.
    const later = await book('Quentin');
    await saveResult(later);
    const list = (await (await request.get(`/api/staff/events/${eventId}/attendees`, { headers: { Authorization: `Bearer ${token}` } })).json()) as AttendeeList;
    const resultOf = (id: string) => list.attendees.find((a) => a.appointment_id === id)!.result!;
    expect(resultOf(earlier)).toMatchObject({ band: 'amber', rule_version: before.version });
    expect(resultOf(later)).toMatchObject({ band: 'red', rule_version: before.version + 1 });
    await page.goto(`/staff/events/${eventId}`);
    await expect(page.getByRole('listitem').filter({ hasText: 'Percy Booker' }).getByText('Amber: slightly raised')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Quentin Booker' }).getByText('Red: significantly raised')).toBeVisible();

    // Percy reads his result in the band it was given, with a sentence saying today's rule would give red.
    const his = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      const percy = await his.newPage();
      await signInAt(percy, members.get('Percy')!, '/medical-results');
      const row = percy.getByRole('listitem').filter({ has: percy.getByRole('heading', { name: event.event_name }) });
      await expect(row.getByText('Amber: slightly raised')).toBeVisible();
      await expect(row).toContainText(
        "The charity's clinical rule has changed since: under today's rule the same value would be Red: significantly raised (Please see your GP.)",
      );
      await expectNoSeriousA11yViolations(percy);
    } finally {
      await his.close();
    }
  } finally {
    // Later journeys band results too: the rule goes back to the values it had, as a further version.
    const now = (await rulesNow(request, token)).current;
    if (now.version !== before.version) {
      const restored = await request.post('/api/staff/clinical-rules', {
        headers: { Authorization: `Bearer ${token}` },
        data: { based_on_version: now.version, rule: before.rule, reason: 'The clinical rules journey puts back the rule it found.' },
      });
      expect(restored.status(), await restored.text()).toBe(201);
    }
  }
});
