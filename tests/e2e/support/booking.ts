/**
 * Helpers for the booking journeys: the demo events by kind, a booking made
 * through the API (another member taking a place), the consent form filled
 * as a man would, the outbox, and the private demo event's access code,
 * which the server prints once at first start (playwright.config.ts keeps
 * that log beside the throwaway data folder).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { ScreeningEvent } from '../../../src/domain/event';
import { cardState } from '../../../src/domain/event-card';
import { emptyConsentAnswers, type ConsentAnswers } from '../../../src/domain/consent';
import type { SlotsByDate } from '../../../src/domain/slots';
import type { TestMember } from './members';

export async function bookableEvents(request: APIRequestContext): Promise<ScreeningEvent[]> {
  const response = await request.get('/api/events');
  expect(response.status()).toBe(200);
  const now = new Date();
  return ((await response.json()) as { events: ScreeningEvent[] }).events.filter((e) => cardState(e, now) === 'book');
}

/** Free public events without the ESNEFT lab, soonest first: one per journey so places never clash. */
export async function freePublicEvents(request: APIRequestContext): Promise<ScreeningEvent[]> {
  return (await bookableEvents(request)).filter((e) => !e.is_private && !e.payment_required && e.lab_name !== 'ESNEFT');
}

export async function freeSlots(request: APIRequestContext, event: ScreeningEvent, grant?: string): Promise<string[]> {
  const response = await request.get(`/api/events/${event.event_id}/slots`, { headers: grant ? { 'X-Access-Grant': grant } : {} });
  expect(response.status()).toBe(200);
  return ((await response.json()) as SlotsByDate)[event.event_date]?.availableTimeSlots ?? [];
}

export const VALID_ANSWERS: ConsentAnswers = {
  ...emptyConsentAnswers(),
  numberOfPsaTest: 1,
  familyHistoryProstateCancer: 'No',
  familyHistoryBreastOvarianCancer: 'No',
  medicationHistory: 'None of the above',
  agreeToTerms: true,
  consentToSampleTesting: true,
};

/** Another member books `slot` through the API: consent first, then the appointment. */
export async function bookThroughApi(request: APIRequestContext, member: TestMember, event: ScreeningEvent, slot: string) {
  const headers = { Authorization: `Bearer ${member.accessToken}` };
  const consent = await request.post('/api/medical/consent', {
    headers,
    data: { ...VALID_ANSWERS, eventId: event.event_id, psaTestDate: event.event_date },
  });
  expect(consent.status(), await consent.text()).toBe(201);
  const { consent_id: consentId } = (await consent.json()) as { consent_id: string };
  const booked = await request.post('/api/appointments', {
    headers,
    data: { eventId: event.event_id, appointmentStartTime: slot, consentId },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { appointment: { appointment_id: string } }).appointment;
}

/** Answers the consent form on screen the way VALID_ANSWERS does. */
export async function fillConsent(page: Page): Promise<void> {
  await page.getByRole('group', { name: /which PSA test/ }).getByLabel('1st').check();
  await page.getByRole('group', { name: /father’s side of the family/ }).getByLabel('No', { exact: true }).check();
  await page.getByRole('group', { name: /mother’s side of the family/ }).getByLabel('No', { exact: true }).check();
  await page.getByLabel('None of the above').check();
  await page.getByLabel(/I agree to the/).check();
  await page.getByLabel(/I consent to a blood sample/).check();
}

/** Picks the first free time on the grid and returns it (HH:mm). */
export async function pickFirstFreeSlot(page: Page): Promise<string> {
  let value = '';
  // The grid is disabled while the list refreshes (after a refusal, or when
  // the window regains focus), which on a busy machine can fall between
  // finding a free time and ticking it: try again until the tick holds.
  await expect(async () => {
    const slot = page.locator('.slot input:not([disabled])').first();
    value = await slot.inputValue({ timeout: 2000 });
    await page.locator(`.slot input[value="${value}"]`).check({ timeout: 2000 });
  }).toPass();
  return value;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

export async function mailsTo(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const response = await request.get('/dev/outbox');
  expect(response.status(), 'GET /dev/outbox (the e2e server must run with NODE_ENV development)').toBe(200);
  return ((await response.json()) as { messages: OutboxMail[] }).messages.filter((m) => m.to === email);
}

/** The private demo event's access code, from the line the server printed at first start. */
export function privateAccessCode(eventId: string): string {
  const log = process.env.E2E_SERVER_LOG;
  expect(log, 'E2E_SERVER_LOG (set by playwright.config.ts)').toBeTruthy();
  const line = readFileSync(log!, 'utf8')
    .split('\n')
    .find((l) => l.includes(`(${eventId}): access code `));
  const code = /access code ([A-Z0-9-]+)/.exec(line ?? '')?.[1];
  expect(code, 'the private event code in the server log (a reused E2E_DATA_DIR never prints it)').toBeTruthy();
  return code!;
}
