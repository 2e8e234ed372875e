/**
 * Helpers for the staff journeys: staff accounts signed in with their
 * authenticator's code, an aal2 token for checking what the server holds,
 * and an event made through the staff API when a journey does not test the
 * editor.
 *
 * The server takes each code of a factor once (docs/rules.md#second-factor),
 * so one account can sign in at most twice in 30 seconds. The journeys on
 * the shared server therefore sign in as one of a few admins of their own,
 * each with its own authenticator: each signs up like anyone, is made an
 * admin by the demo admin (seeded with the demo data and the documented
 * DEMO_STAFF_TOTP_SECRET) on the Staff API, and adds a TOTP factor through
 * the MFA API as a new admin would. They are kept beside the server's data
 * folder so a worker started again after a failure uses the same ones, and
 * knows which of their codes are spent. A server of a journey's own (an
 * `origin`) has only its demo admin.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { addDays, londonDate, londonTime } from '../../../src/domain/london-time';
import type { StaffEventInput } from '../../../src/domain/staff-event';
import { DEMO_STAFF_TOTP_SECRET } from '../../../server/platform/env-schema';
import { signIn } from './members';

export const DEMO_STAFF_EMAIL = 'demo.staff@example.com';
export const DEMO_STAFF_PASSWORD = 'chaps-staff-2025';

/** A staff account a journey signs in as. */
export interface StaffAccount {
  email: string;
  password: string;
  /** What the server shows members of him ("Who has looked at your record"). */
  firstName: string;
  /** His authenticator's key, base32. */
  secret: string;
}

const DEMO_STAFF: StaffAccount = { email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD, firstName: 'Sam', secret: DEMO_STAFF_TOTP_SECRET };
const POOL_SIZE = 4;
const PERIOD_MS = 30_000;

/** The admins of the shared server and the last step of each key spent, kept beside its data folder. */
interface Kept {
  admins: StaffAccount[];
  lastStep: Record<string, number>;
}
const keptFile = () => (process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}.staff.json` : null);
let state: Kept | null = null;

function load(): Kept {
  if (state) return state;
  const file = keptFile();
  state = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Kept) : { admins: [], lastStep: {} };
  return state;
}
function save(): void {
  const file = keptFile();
  if (file && state) writeFileSync(file, JSON.stringify(state));
}

/**
 * How far the server's clock is ahead of the journeys' (journeys move it
 * with /dev/clock; both start ahead of the machine's by the same, ./clock.ts):
 * codes are computed at the server's time, as its authenticator app would
 * be if the phone's clock moved with it.
 */
async function serverOffsetMs(request: APIRequestContext, origin: string): Promise<number> {
  const answer = await request.get(`${origin}/dev/clock`);
  if (!answer.ok()) return 0;
  const ahead = new Date(((await answer.json()) as { now: string }).now).getTime() - Date.now();
  // To the minute, as /dev/clock moves: the request's own time is not an offset.
  return Math.round(ahead / 60_000) * 60_000;
}

const stepNow = (offset: number) => Math.floor((Date.now() + offset) / PERIOD_MS);

/**
 * The code of the authenticator with key `secret` (the demo admin's by
 * default), as the app on a phone would show it at the server's time. A
 * code is taken once, so a second sign-in within the same 30 seconds uses
 * the next step's code, which the server accepts a step early, and a third
 * waits for the step after.
 */
export async function authenticatorCode(request: APIRequestContext, origin = '', secret = DEMO_STAFF_TOTP_SECRET): Promise<string> {
  const offset = await serverOffsetMs(request, origin);
  const kept = load();
  const key = `${origin}|${secret}`;
  const current = stepNow(offset);
  let last = kept.lastStep[key] ?? 0;
  // A step far ahead of now was taken under a clock since put back: start again from now.
  if (last > current + 1) last = 0;
  const step = Math.max(current, last + 1);
  const waitMs = (step - 1) * PERIOD_MS - (Date.now() + offset);
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  kept.lastStep[key] = step;
  save();
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD_MS / 1000, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS });
}

/** An aal2 session of `account`: a password grant, then a challenge and its code, over HTTP. */
async function signInOverHttp(request: APIRequestContext, origin: string, account: StaffAccount): Promise<string> {
  const response = await request.post(`${origin}/auth/v1/token?grant_type=password`, { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { factors?: { id: string; status: string }[] } };
  const factor = session.user.factors?.find((f) => f.status === 'verified');
  expect(factor, `${account.email} has a confirmed authenticator`).toBeDefined();
  return verifyFactor(request, origin, session.access_token, factor!.id, account.secret);
}

async function verifyFactor(request: APIRequestContext, origin: string, accessToken: string, factorId: string, secret: string): Promise<string> {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const challenge = await request.post(`${origin}/auth/v1/factors/${factorId}/challenge`, { headers: auth, data: {} });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const { id } = (await challenge.json()) as { id: string };
  const verified = await request.post(`${origin}/auth/v1/factors/${factorId}/verify`, { headers: auth, data: { challenge_id: id, code: await authenticatorCode(request, origin, secret) } });
  expect(verified.status(), await verified.text()).toBe(200);
  return ((await verified.json()) as { access_token: string }).access_token;
}

let madeAccounts = 0;

/**
 * A new account with `role`, made as an admin makes one: he signs up, and
 * `adminToken`'s admin gives him the role on the Staff API. Without a
 * factor yet: the caller adds one, or a journey walks him through it.
 */
export async function createStaffAccount(request: APIRequestContext, adminToken: string, role: string, firstName: string, origin = ''): Promise<Omit<StaffAccount, 'secret'>> {
  madeAccounts += 1;
  const email = `${firstName.toLowerCase()}.${role}.${Date.now()}.${madeAccounts}@example.org`;
  const password = `staff-pass-${Date.now()}-${madeAccounts}`;
  // Sign-ups are limited per address; the e2e server trusts one proxy hop (playwright.config.ts).
  const address = `10.200.${Math.floor(Math.random() * 250)}.${(madeAccounts % 250) + 1}`;
  const signup = await request.post(`${origin}/auth/v1/signup`, { headers: { 'X-Forwarded-For': address }, data: { email, password, data: { display_name: `${firstName} Staff` } } });
  expect(signup.status(), await signup.text()).toBe(200);
  const granted = await request.put(`${origin}/api/staff/accounts/role`, { headers: { Authorization: `Bearer ${adminToken}` }, data: { email, role } });
  expect(granted.status(), await granted.text()).toBe(200);
  return { email, password, firstName };
}

/** Adds a TOTP factor to the account through the MFA API, as the console does at first sign-in, and returns its key. */
async function addAuthenticator(request: APIRequestContext, origin: string, account: Omit<StaffAccount, 'secret'>): Promise<string> {
  const response = await request.post(`${origin}/auth/v1/token?grant_type=password`, { data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: accessToken } = (await response.json()) as { access_token: string };
  const enrolled = await request.post(`${origin}/auth/v1/factors`, { headers: { Authorization: `Bearer ${accessToken}` }, data: { factor_type: 'totp', friendly_name: 'Journey phone' } });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
  await verifyFactor(request, origin, accessToken, factor.id, factor.totp.secret);
  return factor.totp.secret;
}

const FIRST_NAMES = ['Sam', 'Ravi', 'Tom', 'Owen', 'Bill', 'Dev'];

/** The shared server's admins, made on first need. */
async function admins(request: APIRequestContext): Promise<StaffAccount[]> {
  const kept = load();
  if (kept.admins.length === 0) {
    const demo = await signInOverHttp(request, '', DEMO_STAFF);
    for (let i = 0; i < POOL_SIZE; i += 1) {
      const account = await createStaffAccount(request, demo, 'admin', FIRST_NAMES[i % FIRST_NAMES.length]!);
      kept.admins.push({ ...account, secret: await addAuthenticator(request, '', account) });
    }
    save();
  }
  return kept.admins;
}

/** The admin whose next code is soonest, so journeys signing in often seldom wait for a step. */
async function nextAdmin(request: APIRequestContext): Promise<StaffAccount> {
  const pool = await admins(request);
  const { lastStep } = load();
  return pool.reduce((best, a) => ((lastStep[`|${a.secret}`] ?? 0) < (lastStep[`|${best.secret}`] ?? 0) ? a : best));
}

/**
 * Signs a staff account in through /login, its password and then its
 * code, and waits until the header knows him, then chooses his door PIN
 * (`DOOR_PIN`) unless told not to: one of the shared server's admins, or
 * the demo admin of the server at `origin`. Returns the account.
 */
export async function signInAsStaff(page: Page, origin = '', { pin = true }: PinChoice = {}): Promise<StaffAccount> {
  const account = origin ? DEMO_STAFF : await nextAdmin(page.request);
  await signInWithCode(page, account, origin, { pin });
  return account;
}

/** `pin: false` stops at the door PIN step for a journey that tests the step itself. */
export interface PinChoice {
  pin?: boolean;
}

/**
 * Signs `account` in through /login with its password and then its
 * authenticator's code, then (unless told not to) chooses his door PIN
 * (`DOOR_PIN`) on the console, as every staff sign-in does before the
 * console opens (docs/rules.md#door-lock), and goes back to where the
 * sign-in led.
 */
export async function signInWithCode(page: Page, account: StaffAccount, origin = '', { pin = true }: PinChoice = {}): Promise<void> {
  await page.goto(`${origin}/login`);
  await signIn(page, account.email, account.password);
  await page.getByLabel('6-digit code').fill(await authenticatorCode(page.request, origin, account.secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  if (!pin) return;
  const landed = page.url();
  if (!new URL(landed).pathname.startsWith('/staff')) await page.goto(`${origin}/staff`);
  await chooseDoorPin(page);
  if (page.url() !== landed) await page.goto(landed);
}

/** The door PIN the journeys choose at staff sign-in. */
export const DOOR_PIN = '2580';

/**
 * On the console's PIN step of a staff sign-in (after the second factor,
 * before any staff page), chooses `pin`, typed twice, and waits until the
 * console opens: its hash takes a moment on a loaded machine.
 */
export async function chooseDoorPin(page: Page, pin = DOOR_PIN): Promise<void> {
  const step = page.getByRole('heading', { level: 1, name: 'Choose a PIN for this phone' });
  await expect(step).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Choose a PIN').fill(pin);
  await page.getByLabel('The same PIN again').fill(pin);
  await page.getByRole('button', { name: 'Save the PIN' }).click();
  await expect(step).toBeHidden({ timeout: 30_000 });
}

const tokens = new Map<string, { account: StaffAccount; token: string }>();

/**
 * An aal2 token of a staff admin for the staff API, and who he is: one of
 * the shared server's admins, or the demo admin of the server at `origin`.
 * Kept while the staff API takes it at aal2: each new one spends a code,
 * and a journey signing out everywhere, or leaving it idle
 * (docs/rules.md#staff-idle), ends it.
 */
export async function staffSession(request: APIRequestContext, origin = ''): Promise<{ account: StaffAccount; token: string }> {
  const known = tokens.get(origin);
  if (known) {
    const me = await request.get(`${origin}/api/staff/me`, { headers: { Authorization: `Bearer ${known.token}` } });
    if (me.ok() && ((await me.json()) as { assurance: { current: string } }).assurance.current === 'aal2') return known;
  }
  const account = origin ? DEMO_STAFF : await nextAdmin(request);
  const session = { account, token: await signInOverHttp(request, origin, account) };
  tokens.set(origin, session);
  return session;
}

/** The token of `staffSession`. */
export async function staffToken(request: APIRequestContext, origin = ''): Promise<string> {
  return (await staffSession(request, origin)).token;
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
