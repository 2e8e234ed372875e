/**
 * Finishing an account that has no profile: a member whose sign-up stopped
 * after the account was made signs in from a booking, gives his details on
 * /complete-profile and is back at the event; the portal sends such an
 * account there too. Then sign-up with email confirmation on, on a second
 * server of the same build: the details wait on the device, the outbox link
 * signs the member in and the profile is made from them. axe on each screen.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { resolve } from 'node:path';
import { startServer, type RunningServer } from '../fixtures/server-process';
import { expectNoSeriousA11yViolations } from './support/axe';
import { freePublicEvents } from './support/booking';
import { bornYearsAgo, signIn } from './support/members';
import { E2E_STATIC_DIR } from './support/settings';

let counter = 0;

/** An account made through /auth/v1 only: its profile was never sent. */
async function accountWithoutProfile(request: APIRequestContext): Promise<{ email: string; password: string }> {
  counter += 1;
  const email = `halfway.${Date.now()}.${counter}@example.org`;
  const password = `halfway-pass-${counter}`;
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${counter + 1}`;
  const signup = await request.post('/auth/v1/signup', { headers: { 'X-Forwarded-For': address }, data: { email, password } });
  expect(signup.status(), await signup.text()).toBe(200);
  return { email, password };
}

async function fillDetails(page: Page, firstName: string) {
  await page.getByLabel('First name (and middle names)').fill(firstName);
  await page.getByLabel('Last name').fill('Halloway');
  // The age notice shows on the first focus of the date of birth, as at sign-up.
  await page.getByLabel('Date of birth').click();
  await page.getByRole('dialog', { name: 'Screening is for men aged 40 to 80' }).getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Date of birth').fill(bornYearsAgo(61));
  await page.getByLabel('Gender').selectOption('Male');
  await page.getByLabel('Ethnicity').selectOption('Not stated');
  await page.getByLabel('Address line 1').fill('8 Quay Street');
  await page.getByLabel('Postcode').fill('CO1 1AA');
  await page.getByLabel('Phone number', { exact: true }).fill('447700900321');
}

test.describe('an account without a profile', () => {
  test('signs in from a booking, completes his details and is back at the event', async ({ page, request }) => {
    const [event] = await freePublicEvents(request);
    expect(event).toBeDefined();
    const account = await accountWithoutProfile(request);
    const bookingPath = `/book-event?event=${event!.event_id}`;

    await page.goto(bookingPath);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('heading', { name: 'Complete your details' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The sign-up rules: required fields, then the age limits.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('link', { name: 'Enter your first name' })).toBeVisible();
    await fillDetails(page, 'Edwin');
    await page.getByLabel('Date of birth').fill(bornYearsAgo(85));
    // Leaving the field with an age outside 40-80 shows the notice (Tab would only move between its parts).
    await page.getByLabel('Occupation (optional)').focus();
    const dialog = page.getByRole('dialog', { name: 'Age Restriction Error' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('link', { name: 'You must be between 40 and 80 years old to register.' })).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Date of birth').fill(bornYearsAgo(61));
    await page.getByLabel('NHS number (optional)').fill('9434765918');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('link', { name: /NHS number/i })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('NHS number (optional)').fill('9434765919');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expect(page).toHaveURL(new RegExp(`/book-event\\?event=${event!.event_id}$`));
    await expect(page.getByRole('heading', { name: 'Book your appointment' })).toBeVisible();
    await page.goto('/portal');
    await expect(page.getByRole('row', { name: /Name Edwin Halloway/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /NHS number 9434765919/ })).toBeVisible();
  });

  test('the portal sends a signed-in account without a profile to the details step, and back', async ({ page, request }) => {
    const account = await accountWithoutProfile(request);
    await page.goto('/login');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/complete-profile$/);
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/complete-profile$/);
    await fillDetails(page, 'Rupert');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('row', { name: /Name Rupert Halloway/ })).toBeVisible();
  });
});

test.describe('sign-up with email confirmation on', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    // The same build, served by a second development server that requires confirmation.
    server = await startServer({ NODE_ENV: 'development', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true', STATIC_DIR: resolve(E2E_STATIC_DIR), VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('keeps the details on the device, and the confirmed sign-in makes the profile from them', async ({ page, request }) => {
    const email = `confirming.${Date.now()}@example.org`;
    await page.goto(`${server.origin}/signup`);
    await fillDetails(page, 'Walter');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('confirm-pass-1');
    await page.getByLabel('Confirm password').fill('confirm-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Signup Successful!' })).toBeVisible();
    await expect(page.getByText('We have sent a confirmation email to your inbox.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const kept = await page.evaluate(() => Object.entries(window.localStorage).filter(([key]) => key.startsWith('chaps-pending-signup:')));
    expect(kept.map(([key]) => key)).toEqual([`chaps-pending-signup:${email}`]);
    expect(kept[0]![1]).toContain('Walter');
    expect(kept[0]![1]).not.toContain('confirm-pass-1');

    // Emails are jobs: poll until the worker has sent it.
    const welcomeMail = async () =>
      ((await (await request.get(`${server.origin}/dev/outbox`)).json()) as { messages: { to: string; text: string }[] }).messages.find((m) => m.to === email);
    await expect.poll(async () => Boolean(await welcomeMail())).toBe(true);
    const mail = await welcomeMail();
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail?.text ?? '')?.[0];
    expect(link, 'the confirmation link').toBeDefined();
    await page.goto(link!);
    // Signed in by the link, the profile made from the kept details without asking.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/complete-profile|\/login/);
    await page.goto(`${server.origin}/portal`);
    await expect(page.getByRole('row', { name: /Name Walter Halloway/ })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('chaps-pending-signup:')))).toEqual([]);
  });
});
