/**
 * Signed /test-consent links. The /test-consent page
 * (docs/rules.md#test-consent) files a consent for the profile_id and test_date
 * in its URL; the link also carries an expiry and an HMAC over all three, so
 * nobody can file consent for someone else by editing the URL. Made by `npm run
 * consent-link`, checked by the API.
 */
import { isIsoDate } from '../../../src/domain/london-time';
import type { Signer } from '../../platform/signing';

/** The message for a missing or bad link (docs/rules.md#test-consent). */
export const TEST_CONSENT_INVALID = 'Invalid or missing parameters. Please check your link or contact support.';
export const DEFAULT_LINK_DAYS = 30;
/** A link files one consent; a second try is told so (409). */
export const TEST_CONSENT_USED = 'Consent has already been given with this link. If something needs to change, please contact us.';
const DAY_MS = 86_400_000;

export interface ConsentLink {
  profile_id: string;
  test_date: string;
  /** Epoch seconds after which the link no longer works. */
  expires: string;
  signature: string;
}

const signedText = (profileId: string, testDate: string, expires: string) => `${profileId}|${testDate}|${expires}`;

export async function makeConsentLink(
  signer: Signer,
  profileId: number,
  testDate: string,
  now: Date,
  days = DEFAULT_LINK_DAYS,
): Promise<ConsentLink> {
  if (!Number.isSafeInteger(profileId) || profileId <= 0) throw new Error('The profile id must be a positive whole number');
  if (!isIsoDate(testDate)) throw new Error('The test date must be a real date, YYYY-MM-DD');
  const expires = String(Math.floor((now.getTime() + days * DAY_MS) / 1000));
  const profile = String(profileId);
  return { profile_id: profile, test_date: testDate, expires, signature: await signer.sign('test-consent', signedText(profile, testDate, expires)) };
}

export function consentLinkUrl(siteUrl: string, link: ConsentLink): string {
  const query = new URLSearchParams({ ...link });
  return `${siteUrl.replace(/\/+$/, '')}/test-consent?${query.toString()}`;
}

/** The profile and date a link names, or null when any part is missing, altered or expired. */
export async function checkConsentLink(
  signer: Signer,
  params: Record<string, unknown>,
  now: Date,
): Promise<{ profileId: number; testDate: string; signature: string } | null> {
  const { profile_id: profileId, test_date: testDate, expires, signature } = params;
  if (typeof profileId !== 'string' && typeof profileId !== 'number') return null;
  const profile = String(profileId);
  if (!/^[1-9]\d{0,8}$/.test(profile)) return null;
  if (typeof testDate !== 'string' || !isIsoDate(testDate)) return null;
  if ((typeof expires !== 'string' && typeof expires !== 'number') || !/^\d{1,12}$/.test(String(expires))) return null;
  if (typeof signature !== 'string' || signature.length > 128) return null;
  if (!(await signer.verify('test-consent', signedText(profile, testDate, String(expires)), signature))) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { profileId: Number(profile), testDate, signature };
}
