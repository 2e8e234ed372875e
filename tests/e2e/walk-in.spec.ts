/**
 * A walk-in on the day (docs/rules.md#venue-registration), on a 360 px
 * touch phone: from the event's attendee list staff open Register a walk-in,
 * type his details and hand him the phone, locked to his consent form,
 * open it again with the door PIN chosen at sign-in, read his details back
 * and register him; his ticket (QR code and short code) shows
 * at once and his confirmation is emailed with it. Back on the list he is
 * checked in by typing the code, identified from his date of birth and
 * NHS number, and given a sample id, which reaches the server. With the
 * phone offline, Register a walk-in is off and says it needs a signal.
 */
import { expect, test, type Page } from './support/test';
import { formatTicketCode } from '../../src/domain/ticket';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { normaliseSampleId } from '../../src/domain/sample-id';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillConsent, mailsTo } from './support/booking';
import { bornYearsAgo, createMember } from './support/members';
import { createEventAsStaff, DOOR_PIN, signInAsStaff, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

/** He has handed the phone back: the staff member's PIN opens the console. */
async function handBack(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you: please hand the phone back' })).toBeVisible();
  await page.getByLabel('Your PIN').fill(DOOR_PIN);
  await page.getByRole('button', { name: 'Unlock' }).tap();
}

/** --muted-text of src/app/theme.css, which forms.css gives every hint. */
const HINT_COLOUR = 'rgb(74, 85, 96)';

/** A valid NHS number no other journey uses: nine random digits and the modulus 11 check digit. */
function freshNhsNumber(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    const sum = digits.reduce((total, d, i) => total + d * (10 - i), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return digits.join('') + String(check === 11 ? 0 : check);
  }
}

test('staff register a walk-in on the day, see his ticket, and check him in by its code with a sample id', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await staffToken(page.request);
  const name = `Felixstowe Walk-in ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(page.request, token, { event_name: name });
  const email = `walk.in.${Date.now()}@example.org`;
  const nhs = freshNhsNumber();

  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();

  // No signal: registering is off and says why (nothing is faked offline).
  await page.context().setOffline(true);
  await expect(page.getByRole('button', { name: 'Register a walk-in: needs a signal' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Register a walk-in' })).toHaveCount(0);
  await expect(page.getByText('Registering a walk-in needs a signal')).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: 'Register a walk-in: needs a signal' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Register a walk-in' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: `Register a walk-in: ${name}` })).toBeVisible();

  // His details: a mistake is named first.
  await page.getByRole('button', { name: 'Next: his consent' }).tap();
  const problem = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problem).toContainText('Enter his first name, as on his ID.');
  // The summary takes focus and links to each field; typing in one leaves focus there.
  await expect(problem).toBeFocused();
  await expect(problem.getByRole('link', { name: 'Enter his first name, as on his ID.' })).toHaveAttribute('href', '#walk-in-first_name');
  await problem.getByRole('link', { name: 'Enter his last name, as on his ID.' }).tap();
  await expect(page.getByLabel('Last name', { exact: true })).toBeFocused();
  // The field says it too, after its hint, to a screen reader reaching it.
  await expect(page.getByLabel('First name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('First name', { exact: true })).toHaveAccessibleDescription('As on his ID, with any middle names. Error: Enter his first name, as on his ID.');
  // A hint has the site's one look, the muted hint colour, here as at the door's code field below.
  const hintColour = (text: string) => page.getByText(text, { exact: true }).evaluate((p) => getComputedStyle(p).color);
  expect(await hintColour('As on his ID, with any middle names.')).toBe(HINT_COLOUR);
  await page.getByLabel('First name', { exact: true }).fill('Reginald');
  await expect(page.getByLabel('First name', { exact: true })).toBeFocused();
  await page.getByLabel('Last name', { exact: true }).fill('Walker-Jones');
  await page.getByLabel('Date of birth', { exact: true }).fill(bornYearsAgo(62));
  await page.getByLabel('NHS number', { exact: true }).fill(`${nhs.slice(0, 3)} ${nhs.slice(3, 6)} ${nhs.slice(6)}`);
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Phone number', { exact: true }).fill('07700 900456');
  await page.getByLabel('Home address', { exact: true }).fill('12 Sea Road, Felixstowe IP11 2AA');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Next: his consent' }).tap();

  // Handed to him: the consent form, his own answers.
  await expect(page.getByRole('heading', { level: 1, name: 'Your consent to the PSA test' })).toBeVisible();
  await fillConsent(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).tap();
  await handBack(page);

  await expect(page.getByRole('heading', { name: 'Check and register' })).toBeVisible();
  await expect(page.getByText('Reginald Walker-Jones')).toBeVisible();
  await page.getByRole('button', { name: 'Register and book him' }).tap();

  const done = page.getByRole('status').filter({ hasText: 'Reginald Walker-Jones is booked for' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done.getByRole('img', { name: 'QR code of the ticket of Reginald Walker-Jones' })).toBeVisible();
  const shownCode = (await done.locator('.walk-in-code').textContent())!;
  expect(shownCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The same ticket the server signs for any booking, and emailed with his confirmation.
  const list = async () =>
    (await (await page.request.get(`/api/staff/events/${eventId}/attendees`, { headers: { Authorization: `Bearer ${token}` } })).json()) as AttendeeList;
  const him = (await list()).attendees.find((a) => a.last_name === 'Walker-Jones')!;
  expect(formatTicketCode(him.ticket_code)).toBe(shownCode);
  await expect.poll(async () => (await mailsTo(page.request, email)).some((m) => m.text.includes(shownCode)), { timeout: 20_000 }).toBe(true);

  // At the door: the code typed in, his identity shown to check, a sample id for his tube.
  await done.getByRole('link', { name: 'Check him in from the list' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
  expect(await hintColour('The eight letters and numbers under his QR code, for example ABCD-EFGH.')).toBe(HINT_COLOUR);
  await page.getByLabel('Ticket code').fill(shownCode);
  await page.getByRole('button', { name: 'Find the ticket' }).tap();
  const confirm = page.getByRole('region', { name: 'Check in Reginald Walker-Jones?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(`${nhs.slice(0, 3)} ${nhs.slice(3, 6)} ${nhs.slice(6)}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm check-in' }).tap();
  const checked = page.getByRole('status').filter({ hasText: 'Reginald Walker-Jones is checked in. Write sample id' });
  await expect(checked).toBeVisible();
  const sampleId = normaliseSampleId((await checked.locator('.sample-id').textContent())!);
  await expectNoSeriousA11yViolations(page);
  await expect.poll(async () => (await list()).attendees.find((a) => a.appointment_id === him.appointment_id)?.sample_id, { timeout: 20_000 }).toBe(sampleId);
});

test('a walk-in whose email has an account is booked on it only once he says it is his and his details agree', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await staffToken(page.request);
  const name = `Harwich Walk-in ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(page.request, token, { event_name: name });
  const member = await createMember(page.request, { firstName: 'Horace', age: 66 });

  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}/walk-in`);
  await expect(page.getByRole('heading', { level: 1, name: `Register a walk-in: ${name}` })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill('Horace');
  // Misheard: not the last name on his account.
  await page.getByLabel('Last name', { exact: true }).fill('Barker');
  await page.getByLabel('Date of birth', { exact: true }).fill(bornYearsAgo(66));
  await page.getByLabel('Email address', { exact: true }).fill(member.email);
  await page.getByLabel('Phone number', { exact: true }).fill('07700 900789');
  await page.getByLabel('Home address', { exact: true }).fill('3 Quay Lane, Harwich CO12 3AA');
  await page.getByRole('button', { name: 'Next: his consent' }).tap();
  await fillConsent(page);
  await page.getByRole('button', { name: 'Continue' }).tap();
  await handBack(page);
  await page.getByRole('button', { name: 'Register and book him' }).tap();

  await expect(page.getByRole('alert')).toContainText('This email address already has an account. Ask him whether it is his');
  await page.getByLabel('He confirms the account with this email address is his own').check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Register and book him' }).tap();
  const mismatch = page.getByRole('alert').filter({ hasText: 'The details do not match the account with this email address' });
  await expect(mismatch).toBeVisible();
  // Nothing of the account is shown.
  await expect(mismatch).not.toContainText('Booker');

  // Back on his details, the refusal is the form's error summary, which takes focus (not the heading) and links to the field.
  await page.getByRole('button', { name: 'Change his details' }).tap();
  const problem = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problem).toBeFocused();
  await expect(problem.getByRole('link', { name: /^The details do not match the account with this email address/ })).toHaveAttribute('href', '#walk-in-email');
  await expect(page.getByLabel('Email address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Last name', { exact: true }).fill('Booker');
  await expect(page.getByLabel('Last name', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Next: his consent' }).tap();
  // His answers are kept: handed straight to him.
  await expect(page.getByLabel('None of the above')).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).tap();
  await handBack(page);
  await page.getByRole('button', { name: 'Register and book him' }).tap();
  const done = page.getByRole('status').filter({ hasText: 'Horace Booker is booked for' });
  await expect(done).toBeVisible({ timeout: 15_000 });
  await expect(done).toContainText('He signs in with the account he already has.');

  // The booking is his own account's: it is in his My bookings answer, with the same ticket.
  const mine = (await (await page.request.get('/api/appointments', { headers: { Authorization: `Bearer ${member.accessToken}` } })).json()) as {
    appointments: { event_id: string; ticket: { code: string } | null }[];
  };
  const booking = mine.appointments.find((a) => a.event_id === eventId)!;
  await expect(done.locator('.walk-in-code')).toHaveText(formatTicketCode(booking.ticket!.code));
});
