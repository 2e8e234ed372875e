/**
 * A man who has added an authenticator app and forgot his password
 * (docs/rules.md#second-factor): the reset link alone does not change the
 * password of such an account, so the page asks for the app's code first,
 * then takes the new password, which then signs him in. axe clean at the
 * code step.
 */
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { authenticatorCode } from './support/staff';

test('a reset link asks for the authenticator code before the new password', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `reset.code.${Date.now()}@example.org`;
  const password = `first-pass-${Date.now()}`;
  const address = `10.201.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const signup = await request.post('/auth/v1/signup', { headers: { 'X-Forwarded-For': address }, data: { email, password } });
  expect(signup.status(), await signup.text()).toBe(200);
  const token = ((await signup.json()) as { access_token: string }).access_token;
  const auth = { Authorization: `Bearer ${token}` };
  const enrolled = await request.post('/auth/v1/factors', { headers: auth, data: { factor_type: 'totp', friendly_name: 'Phone' } });
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const challenge = (await (await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers: auth, data: {} })).json()) as { id: string };
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers: auth,
    data: { challenge_id: challenge.id, code: await authenticatorCode(request, '', factor.totp.secret) },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Password reset email sent. Check your inbox.')).toBeVisible();
  const resetMail = async () =>
    ((await (await request.get('/dev/outbox')).json()) as { messages: { to: string; subject: string; text: string }[] }).messages.find(
      (m) => m.to === email && /reset/i.test(m.subject),
    );
  await expect.poll(async () => Boolean(await resetMail())).toBe(true);
  await page.goto(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec((await resetMail())!.text)![0]);
  await expect(page).toHaveURL(/\/reset-password/);

  // The code first: no password field until it is given.
  const code = page.getByLabel('6-digit code');
  await expect(code).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await code.fill(await authenticatorCode(request, '', factor.totp.secret));
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('New password').fill('chosen-after-code-2');
  await page.getByLabel('Confirm password').fill('chosen-after-code-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/$/);
  const signIn = await request.post('/auth/v1/token?grant_type=password', { data: { email, password: 'chosen-after-code-2' } });
  expect(signIn.status()).toBe(200);
});
