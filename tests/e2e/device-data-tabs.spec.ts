/**
 * "Remove from this device" with the site open in two tabs
 * (docs/rules.md#offline): the demo member reads Medical Results in one tab and
 * removes the saved data from the Offline data panel in another. The first
 * tab's own copy in memory must go too: before, its next save (here, on opening
 * My bookings) wrote his results back, and the panel said "Your results: 1".
 */
import { expect, test } from './support/test';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './support/members';
import { indexedDbText } from './support/pwa';

test('removing the saved data in one tab removes what another tab would save again', async ({ context }) => {
  const results = await context.newPage();
  await results.goto('/login');
  await signIn(results, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(results.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await results.goto('/medical-results');
  await expect(results.getByRole('heading', { level: 1, name: 'All Results' })).toBeVisible();
  await expect.poll(() => indexedDbText(results), { message: 'the results are saved on the device' }).toContain('test_result');

  const portal = await context.newPage();
  await portal.goto('/portal');
  const panel = portal.getByRole('region', { name: 'Offline data' });
  await expect(panel.getByRole('list', { name: 'Kept on this device' })).toContainText('Your results: 1');
  await panel.getByRole('button', { name: 'Remove from this device' }).click();
  await expect(panel.getByRole('status')).toHaveText('Removed from this device. Pages you open from now on are saved again.');

  // The first tab goes on to another page that does not show results (the portal does: his next test's
  // month), which saves what that tab holds.
  await results.bringToFront();
  await results.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'My bookings' }).click();
  await expect(results.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  await results.waitForTimeout(2_000);
  expect(await indexedDbText(portal)).not.toContain('test_result');
  await portal.reload();
  await expect(portal.getByRole('region', { name: 'Offline data' })).not.toContainText('Your results');
});
