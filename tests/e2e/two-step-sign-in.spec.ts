/**
 * A member's own second factor (docs/rules.md#second-factor), on a 360 px
 * phone: he adds an authenticator app on his portal (the key read from the
 * screen, a code computed from it here), is asked for its code when he
 * next signs in, and removes it again. axe clean.
 */
import { expect, test } from './support/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createMember, signIn, signInAt } from './support/members';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/Chicago' });

/** The app's code for a step of 30 seconds: `ahead` steps on, as the server accepts the next step's code a step early. */
const codeOf = (key: string, ahead = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + ahead * 30_000 });

test('a member adds an authenticator app, signs in with its code, and removes it', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const member = await createMember(request, { firstName: 'Tobias' });
  await signInAt(page, member, '/portal');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible();
  const key = (await section.locator('.second-factor-secret code').innerText()).replace(/\s+/g, '');
  await expectNoSeriousA11yViolations(page);
  await section.getByLabel('6-digit code').fill(codeOf(key));
  await section.getByRole('button', { name: 'Confirm code' }).click();
  await expect(section.getByRole('status')).toHaveText('Two-step sign-in is on. Next time you sign in, we will ask for a code from your app.');
  await expect(section.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();

  // Another phone: the password is not enough.
  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const second = await other.newPage();
  await second.goto('/login');
  await signIn(second, member.email, member.password);
  await expect(second.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await second.getByLabel('6-digit code').fill(codeOf(key, 1));
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second).not.toHaveURL(/\/login/);
  await second.goto('/portal');
  const there = second.getByRole('region', { name: 'Two-step sign-in' });
  await there.getByRole('button', { name: 'Remove authenticator app' }).click();
  await expect(there.getByRole('status')).toHaveText('Your authenticator app is removed. Signing in now needs only your password.');
  await expect(there.getByRole('button', { name: 'Add an authenticator app' })).toBeVisible();
  await other.close();
});
