/**
 * Helpers for the staff journeys: the demo staff account (seeded with the
 * demo data, an admin with a confirmed authenticator whose secret is the
 * documented DEMO_STAFF_TOTP_SECRET), signing it in with its code, its
 * aal2 token for checking what the server holds, and an event made through
 * the staff API when a journey does not test the editor.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { addDays, londonDate, londonTime } from '../../../src/domain/london-time';
import type { StaffEventInput } from '../../../src/domain/staff-event';
import { DEMO_STAFF_TOTP_SECRET } from '../../../server/platform/env-schema';
import { signIn } from './members';

export const DEMO_STAFF_EMAIL = 'demo.staff@example.com';
export const DEMO_STAFF_PASSWORD = 'chaps-staff-2025';

const PERIOD_MS = 30_000;
let lastStep = 0;

/**
 * How far the server's clock is ahead of this machine's (journeys move it
 * with /dev/clock): codes are computed at the server's time, as its
 * authenticator app would be if the phone's clock moved with it.
 */
async function serverOffsetMs(request: APIRequestContext, origin: string): Promise<number> {
  const answer = await request.get(`${origin}/dev/clock`);
  return answer.ok() ? ((await answer.json()) as { offsetMinutes: number }).offsetMinutes * 60_000 : 0;
}

/**
 * The demo authenticator's code (or that of `secret`), as the app on a
 * phone would show it at the server's time. The server takes each code
 * once (docs/rules.md#second-factor), so a second sign-in within the same
 * 30 seconds uses the next step's code, which it accepts a step early, and
 * a third waits for the step after.
 */
export async function demoStaffCode(request: APIRequestContext, origin = '', secret = DEMO_STAFF_TOTP_SECRET): Promise<string> {
  const offset = await serverOffsetMs(request, origin);
  const now = () => Date.now() + offset;
  const current = Math.floor(now() / PERIOD_MS);
  // A step far ahead of now was taken under a clock since put back: start again from now.
  if (lastStep > current + 1) lastStep = 0;
  const step = Math.max(current, lastStep + 1);
  const waitMs = (step - 1) * PERIOD_MS - now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  lastStep = step;
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD_MS / 1000, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS });
}

/** Signs the demo staff account in through /login, its password and then its code, and waits until the header knows him. */
export async function signInAsStaff(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await signIn(page, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD);
  await page.getByLabel('6-digit code').fill(await demoStaffCode(page.request, origin));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
}

const kept = new Map<string, string>();

/**
 * An aal2 token of the demo staff account for the staff API: a password
 * grant, then a challenge and a code, over HTTP; `origin` for a server of
 * a journey's own.
 */
export async function staffToken(request: APIRequestContext, origin = ''): Promise<string> {
  // Kept while the staff API takes it at aal2: each new one spends a code, and a journey signing out
  // everywhere, or leaving it idle (docs/rules.md#staff-idle), ends it.
  const known = kept.get(origin);
  if (known) {
    const me = await request.get(`${origin}/api/staff/me`, { headers: { Authorization: `Bearer ${known}` } });
    if (me.ok() && ((await me.json()) as { assurance: { current: string } }).assurance.current === 'aal2') return known;
  }
  const response = await request.post(`${origin}/auth/v1/token?grant_type=password`, { data: { email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { factors?: { id: string; status: string }[] } };
  const factor = session.user.factors?.find((f) => f.status === 'verified');
  expect(factor, 'the demo staff account has a confirmed authenticator').toBeDefined();
  const auth = { Authorization: `Bearer ${session.access_token}` };
  const challenge = await request.post(`${origin}/auth/v1/factors/${factor!.id}/challenge`, { headers: auth, data: {} });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const { id } = (await challenge.json()) as { id: string };
  const verified = await request.post(`${origin}/auth/v1/factors/${factor!.id}/verify`, { headers: auth, data: { challenge_id: id, code: await demoStaffCode(request, origin) } });
  expect(verified.status(), await verified.text()).toBe(200);
  const token = ((await verified.json()) as { access_token: string }).access_token;
  kept.set(origin, token);
  return token;
}

export const inDays = (days: number) => addDays(londonDate(new Date()), days);

/**
 * A corporate event later today (UK time): corporate events take bookings
 * up to their start, and a held event takes results, so one journey can
 * book it and enter a result. Starts at the next quarter hour plus 15
 * minutes and runs an hour, ending by 23:59.
 */
export function laterToday(): Pick<StaffEventInput, 'event_date' | 'start_time' | 'end_time'> {
  const [h, m] = londonTime(new Date()).split(':').map(Number) as [number, number];
  const startMinutes = Math.min(Math.ceil((h * 60 + m) / 15) * 15 + 15, 23 * 60 + 30);
  const endMinutes = Math.min(startMinutes + 60, 23 * 60 + 59);
  const hhmm = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { event_date: londonDate(new Date()), start_time: hhmm(startMinutes), end_time: hhmm(endMinutes) };
}

export async function createEventAsStaff(request: APIRequestContext, token: string, fields: Partial<StaffEventInput>): Promise<{ event_id: string; event_date: string }> {
  const response = await request.post('/api/staff/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      event_name: 'Staff Journey Screening',
      event_description: 'A screening made by the staff journey.',
      category: 'corporate',
      product_id: 'psa-blood-test',
      product_name: 'PSA Blood Test',
      product_price: 0,
      price: 0,
      session_duration: 15,
      is_private: false,
      total_spaces: 10,
      places_per_slot: 1,
      payment_required: false,
      exclusive_for: 'CORPORATE',
      address_line_1: 'Riverside Offices',
      city: 'Ipswich',
      postcode: 'IP4 1AA',
      country: 'United Kingdom',
      latitude: 52.05,
      longitude: 1.15,
      ...laterToday(),
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { event: { event_id: string; event_date: string } }).event;
}
