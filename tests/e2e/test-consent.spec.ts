/**
 * /test-consent (docs/rules.md#test-consent): a man sent a signed link
 * files his consent without signing in. A link missing a value, or one
 * whose signature does not match, says so and goes home; a good one takes
 * the form (same rules as at booking) and says 'Success'.
 */
import { expect, test, type Page } from './support/test';
import { makeConsentLink } from '../../server/modules/booking/consent-links';
import { signerFromSecret } from '../../server/platform/signing';
import { CONSENT_MESSAGES } from '../../src/domain/consent';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillConsent } from './support/booking';
import { createMember } from './support/members';
import { E2E_LINK_SIGNING_SECRET } from './support/settings';

const INVALID = 'Invalid or missing parameters. Please check your link or contact support.';

async function expectDialogThenHome(page: Page, title: string, message: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(message);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a signed /test-consent link files the consent once; a missing or altered one goes home', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Terence' });
  const profile = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${member.accessToken}` } });
  const { profile_id: profileId } = ((await profile.json()) as { userProfile: { profile_id: number } }).userProfile;
  const link = await makeConsentLink(signerFromSecret(E2E_LINK_SIGNING_SECRET), profileId, '2026-12-03', new Date());
  const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

  await page.goto(`/test-consent?${query({ profile_id: link.profile_id, test_date: link.test_date })}`);
  await expectDialogThenHome(page, 'Invalid link', INVALID);

  await page.goto(`/test-consent?${query({ ...link, signature: [...link.signature].reverse().join('') })}`);
  await expectDialogThenHome(page, 'Invalid link', INVALID);

  await page.goto(`/test-consent?${query({ ...link })}`);
  await expect(page.getByText('Test date: Thursday, 3 December 2026')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Consent Required' })).toContainText(CONSENT_MESSAGES.required);
  await expectNoSeriousA11yViolations(page);
  await fillConsent(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectDialogThenHome(page, 'Success', 'Consent form submitted successfully!');

  // A link files one consent: opened again, it says so before anything is filled in.
  await page.goto(`/test-consent?${query({ ...link })}`);
  await expectDialogThenHome(page, 'Consent already given', 'Consent has already been given with this link.');
});
