/**
 * Helpers for the staff journeys: the demo staff account (seeded with the
 * demo data), its token for checking what the server holds, and an event
 * made through the staff API when a journey does not test the editor.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { addDays, londonDate, londonTime } from '../../../src/domain/london-time';
import type { StaffEventInput } from '../../../src/domain/staff-event';

export const DEMO_STAFF_EMAIL = 'demo.staff@example.com';
export const DEMO_STAFF_PASSWORD = 'chaps-staff-2025';

export async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', { data: { email: DEMO_STAFF_EMAIL, password: DEMO_STAFF_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
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
