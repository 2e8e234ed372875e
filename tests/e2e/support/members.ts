/**
 * New members for the booking journeys: an account made through the auth
 * API and its profile through the product API (the sign-up screen has its
 * own journey in account.spec.ts), then signed in through the real /login.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_EMAIL = 'demo.member@example.com';
export const DEMO_PASSWORD = 'chaps-demo-2025';

export interface TestMember {
  email: string;
  password: string;
  accessToken: string;
}

let counter = 0;

/** A date of birth `years` and about a month before today, as YYYY-MM-DD. */
export function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 35);
  return d.toISOString().slice(0, 10);
}

export async function createMember(
  request: APIRequestContext,
  options: { firstName?: string; nhsNumber?: string | null; age?: number } = {},
): Promise<TestMember> {
  counter += 1;
  const firstName = options.firstName ?? 'Alan';
  const email = `${firstName.toLowerCase()}.${Date.now()}.${counter}@example.org`;
  const password = `booking-pass-${counter}`;
  // Each new member signs up from an address of their own, as real members
  // do: the e2e server trusts one proxy hop (playwright.config.ts), and
  // sign-ups are limited per address.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(counter % 250) + 1}`;
  const signup = await request.post('/auth/v1/signup', {
    headers: { 'X-Forwarded-For': address },
    data: { email, password, data: { display_name: `${firstName} Booker`, phone: '447700900555' } },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const { access_token: accessToken } = (await signup.json()) as { access_token: string };
  const profile = await request.post('/api/auth/profile', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      first_name: firstName,
      last_name: 'Booker',
      gender: 'Male',
      date_of_birth: bornYearsAgo(options.age ?? 58),
      ethnicity: 'Not stated',
      phone: '447700900555',
      email,
      home_address: '12 Mill Lane, Colchester, CO2 7AA, United Kingdom',
      nhs_number: options.nhsNumber ?? null,
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  return { email, password, accessToken };
}

/** Fills and sends the sign-in form of the page already on /login. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through /login, waits until the header knows the member, then opens `path`. */
export async function signInAt(page: Page, member: TestMember, path: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await page.goto(path);
}
