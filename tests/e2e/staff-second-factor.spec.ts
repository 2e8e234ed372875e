/**
 * A second factor for staff who see medical data (docs/rules.md#second-factor),
 * on a 360 px phone: an admin gives a new account the clinical role; at his
 * first sign-in he is walked through adding an authenticator app (a QR
 * code, the key as text, a wrong code announced, then the code the app
 * would show, computed here from the key on the screen) before the console
 * opens, and the clinical rules open to him; later, on another phone, his
 * password is followed by a code. A clinical account that stops at the
 * password is refused the medical routes. When he loses the phone, an
 * admin resets his authenticator on the Staff page, whose confirm step
 * fits a 360 px phone as well as a desktop: the lost phone opens nothing
 * more, and his next sign-in adds the app again. axe clean at each step.
 */
import { expect, test, type Browser, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/members';
import { chooseDoorPin, createStaffAccount, authenticatorCode, signInAsStaff, staffToken } from './support/staff';

const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, timezoneId: 'America/New_York', locale: 'en-GB' } as const;

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test('a clinical user adds an authenticator app at first sign-in, signs in later with its code, and is given a fresh start when he loses the phone', async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(150_000);
  const clinical = await createStaffAccount(request, await staffToken(request), 'clinical', 'Nadia');

  // With the password alone, the medical routes are shut to him.
  const password = await request.post('/auth/v1/token?grant_type=password', { data: { email: clinical.email, password: clinical.password } });
  const aal1 = ((await password.json()) as { access_token: string }).access_token;
  const refused = await request.get('/api/staff/clinical-rules', { headers: { Authorization: `Bearer ${aal1}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'mfa_required' });

  const first = await phone(browser);
  await first.page.goto('/login');
  await signIn(first.page, clinical.email, clinical.password);
  await expect(first.page).not.toHaveURL(/\/login/);
  await first.page.goto('/staff');
  await expect(first.page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  await expect(first.page.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible();
  const key = (await first.page.locator('.second-factor-secret code').innerText()).replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const field = first.page.getByLabel('6-digit code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expectNoSeriousA11yViolations(first.page);
  await fitsTheScreen(first.page);

  // A wrong code is said so, with the field, and nothing opens.
  const current = await authenticatorCode(request, '', key);
  await field.fill(current === '000000' ? '111111' : '000000');
  await first.page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(first.page.getByRole('alert')).toContainText('That code is not right');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(first.page);

  await field.fill(current);
  await first.page.getByRole('button', { name: 'Confirm code' }).click();
  // After the second factor, and before the console opens, his door PIN (docs/rules.md#door-lock).
  await chooseDoorPin(first.page);
  await expect(first.page.getByRole('heading', { level: 1, name: 'Staff console: events' })).toBeVisible();
  await first.page.getByRole('link', { name: 'Clinical rules' }).click();
  await expect(first.page.getByRole('heading', { level: 1, name: 'Clinical rules' })).toBeVisible();
  await fitsTheScreen(first.page);
  await first.context.close();

  // Later, on another phone: the password, then the code.
  const later = await phone(browser);
  await later.page.goto('/login');
  await signIn(later.page, clinical.email, clinical.password);
  await expect(later.page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await expectNoSeriousA11yViolations(later.page);
  await fitsTheScreen(later.page);
  await later.page.getByLabel('6-digit code').fill(await authenticatorCode(request, '', key));
  await later.page.getByRole('button', { name: 'Continue' }).click();
  await expect(later.page).not.toHaveURL(/\/login/);
  await later.page.goto('/staff/clinical-rules');
  await chooseDoorPin(later.page);
  await expect(later.page.getByRole('heading', { level: 1, name: 'Clinical rules' })).toBeVisible();

  // He loses that phone: an admin resets his authenticator, after the page says what that does.
  await signInAsStaff(page);
  await page.goto('/staff/accounts');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: clinical.email }) });
  await expect(card).toContainText('Authenticator app added.');
  // Each button says whose account it acts on as a sentence, after the words it shows (what a voice user says).
  await expect(card.getByRole('button', { name: `Remove from staff the account of ${clinical.email}`, exact: true })).toBeVisible();
  await card.getByRole('button', { name: `Reset authenticator of ${clinical.email}` }).click();
  const confirm = card.getByRole('group', { name: `Reset the authenticator of ${clinical.email}` });
  await expect(confirm).toContainText('signs him out everywhere');
  await expectNoSeriousA11yViolations(page);
  // An admin on his phone meets the same step: it fits 360 px and both its buttons are in reach.
  await page.setViewportSize(PHONE.viewport);
  await fitsTheScreen(page);
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  for (const name of ['Reset and sign him out', 'Keep it']) {
    const button = confirm.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Reset and sign him out' }).click();
  await expect(page.getByRole('status').filter({ hasText: clinical.email })).toContainText(`${clinical.email}'s authenticator app is removed and he is signed out everywhere.`);
  await expect(card).toContainText('No authenticator app yet.');

  // The lost phone no longer opens anything; his next sign-in starts with adding the app again.
  await later.page.reload();
  await expect(later.page.getByRole('heading', { level: 1, name: 'Clinical rules' })).toBeHidden();
  await later.context.close();
  const fresh = await phone(browser);
  await fresh.page.goto('/login');
  await signIn(fresh.page, clinical.email, clinical.password);
  await expect(fresh.page).not.toHaveURL(/\/login/);
  await fresh.page.goto('/staff');
  await expect(fresh.page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  await fresh.context.close();
});
