/**
 * Member journeys: sign in as the demo member and back out, the protected
 * routes, results read offline and gone from IndexedDB after sign-out, and
 * forgot password through the outbox link to a new password. axe on each
 * screen.
 */
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { leftEdgeBrightness } from './support/backdrop';
import { bornYearsAgo, DEMO_EMAIL, DEMO_PASSWORD, signIn } from './support/members';
import { indexedDbText, waitForServiceWorkerControl } from './support/pwa';

test.describe('member account', () => {
  test('sign up a 55-year-old, reach the return route and edit the profile', async ({ page, context }) => {
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('link', { name: 'Enter your first name' })).toBeVisible();

    await page.getByLabel('First name (and middle names)').fill('Graham Peter');
    await page.getByLabel('Last name').fill('Walsh');
    await page.getByLabel('Date of birth').scrollIntoViewIfNeeded();
    const undimmed = await leftEdgeBrightness(page);
    await page.getByLabel('Date of birth').click();
    // The first focus shows the age notice: information, not the age error.
    const dialog = page.getByRole('dialog', { name: 'Screening is for men aged 40 to 80' });
    await expect(dialog).toBeVisible();
    // The page behind is dimmed while the notice is open.
    expect(await leftEdgeBrightness(page)).toBeLessThan(undimmed * 0.7);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Date of birth').fill(bornYearsAgo(55));
    await page.getByLabel('Gender').selectOption('Male');
    await page.getByLabel('Ethnicity').selectOption('Not stated');
    await page.getByLabel('Address line 1').fill('3 Church Street');
    await page.getByLabel('Postcode').fill('CO2 7AA');
    await page.getByLabel('Phone number', { exact: true }).fill('447700900777');
    await page.getByLabel('NHS number (optional)').fill('943 476 5919');
    await expect(page.getByText('Please enter only digits (max 10).')).toBeVisible();
    await expect(page.getByLabel('NHS number (optional)')).toHaveValue('9434765919');
    await page.getByLabel('Email address').fill(`graham.${Date.now()}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('walsh-pass-1');
    await page.getByLabel('Confirm password').fill('walsh-pass-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('link', { name: 'Passwords do not match' })).toBeVisible();
    await page.getByLabel('Confirm password').fill('walsh-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Signup Successful!' })).toBeVisible();
    // Confirmation is off (as on hosted Supabase by default): no email is sent, so none is claimed.
    await expect(page.getByText('Your account is ready and you are signed in.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(page).toHaveURL(/\/portal$/, { timeout: 6_000 });
    await expect(page.getByRole('row', { name: /Name Graham Peter Walsh/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /NHS number 9434765919/ })).toBeVisible();

    // Edit, cancel, then save for real and find it kept after a reload.
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await page.getByLabel('Occupation (optional)').fill('Carpenter');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: /Occupation/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit' }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Billing address').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('link', { name: 'Enter your billing address.' })).toBeVisible();
    await page.getByLabel('Occupation (optional)').fill('Carpenter');
    await page.getByLabel('Billing address').fill('3 Church Street, CO2 7AA, United Kingdom');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your changes were not saved' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('row', { name: /Occupation Carpenter/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row', { name: /Occupation Carpenter/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Billing address 3 Church Street/ })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const years of [39, 81]) {
    test(`a ${years}-year-old sees the age dialog and the inline message`, async ({ page }) => {
      await page.goto('/signup');
      await page.getByLabel('Date of birth').focus();
      await page.getByRole('dialog', { name: 'Screening is for men aged 40 to 80' }).getByRole('button', { name: 'OK' }).click();
      const dialog = page.getByRole('dialog', { name: 'Age Restriction Error' });
      await page.getByLabel('Date of birth').fill(bornYearsAgo(years));
      await page.getByLabel('Last name').focus();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('aged 40 to 80 only');
      await page.keyboard.press('Escape');
      await expect(page.getByText('You must be between 40 and 80 years old to register.')).toBeVisible();
    });
  }

  test('a protected route sends a visitor to sign in, and back after it', async ({ page }) => {
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('January 1, 2025')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('link', { name: 'Enter your email address' })).toBeVisible();
    await signIn(page, DEMO_EMAIL, 'not-the-password');
    await expect(page.getByText('Invalid login credentials')).toBeVisible();

    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Name David Thompson/ })).toBeVisible();
    await expect(page.getByText(/^ID: CHAPS\d+$/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // On a phone the details wrap: the email address does not push the page past the screen.
    await page.setViewportSize({ width: 412, height: 860 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Signed in, /login sends the member away at once.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('results read offline, and nothing is left after sign-out', async ({ page, context }) => {
    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    const resultsCall = page.waitForRequest((request) => request.url().includes('/api/medical/results/'));
    await page.goto('/medical-results');
    // The profile's random public id, never the sequential CHAPS number (docs/decisions/0008-threat-model.md).
    expect((await resultsCall).url()).toMatch(/\/api\/medical\/results\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect(page.getByRole('heading', { name: 'All Results' })).toBeVisible();
    await expect(page.getByText('Norwich Community Screening')).toBeVisible();
    await expect(page.getByText('Lab result ready')).toHaveCount(3);
    await expect(page.getByText('No lab result')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await expect.poll(() => indexedDbText(page)).toContain('Norwich Community Screening');

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByText('Norwich Community Screening')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('status').filter({ hasText: /Offline: saved/ })).toBeVisible({ timeout: 15_000 });
    } finally {
      await context.setOffline(false);
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await context.setOffline(true);
    try {
      expect(await indexedDbText(page)).not.toContain('Norwich');
      expect(await indexedDbText(page)).not.toContain('David');
      await page.goto('/medical-results').catch(() => {});
      await expect(page).toHaveURL(/\/login$/);
    } finally {
      await context.setOffline(false);
    }
  });

  test('forgot password: the outbox link sets a new password', async ({ page, request }) => {
    const email = `reset.${Date.now()}@example.org`;
    const signup = await request.post('/auth/v1/signup', { data: { email, password: 'first-pass-1' } });
    expect(signup.status()).toBe(200);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('link', { name: 'Please enter your email to reset your password.' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Password reset email sent. Check your inbox.')).toBeVisible();

    // Emails are jobs: poll until the worker has sent it.
    const resetMail = async () =>
      ((await (await request.get('/dev/outbox')).json()) as { messages: { to: string; subject: string; text: string }[] }).messages.find(
        (m) => m.to === email && /reset/i.test(m.subject),
      );
    await expect.poll(async () => Boolean(await resetMail())).toBe(true);
    const mail = await resetMail();
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail!.text)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password/);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('New password').fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('link', { name: 'Please use a longer password.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwords do not match.' })).toBeVisible();
    await page.getByRole('button', { name: 'Show new password' }).click();
    await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text');

    await page.getByLabel('New password').fill('second-pass-2');
    await page.getByLabel('Confirm password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/$/);

    // This account was made through /auth/v1 alone: it has no profile, so the portal asks for the details.
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/complete-profile$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, 'first-pass-1');
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await signIn(page, email, 'second-pass-2');
    // Signed in; still no profile, so the details step comes first.
    await expect(page).toHaveURL(/\/complete-profile$/);
  });
});
