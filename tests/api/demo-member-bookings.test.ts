/**
 * The demo member's screening history is real bookings at real past events:
 * My bookings lists all four, and staff reach the one still awaiting a
 * result from that event's attendee list. No public list offers those past
 * events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/domain/booking';
import type { ScreeningEvent } from '../../src/domain/event';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { silentLogger } from '../../server/platform/logger';
import { prepareDatabase } from '../../server/startup';
import { getJson, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { signIn, withToken } from '../fixtures/members';
import { makeStaff } from '../fixtures/staff';

const NOW = new Date('2026-06-10T09:00:00Z');
const DEMO = { demoMemberEmail: 'demo.member@example.com', demoMemberPassword: 'chaps-demo-2025' };

describe.each(ENGINES)("the demo member's bookings on %s", (engine) => {
  let test: TestDatabase;
  const app = () => testApp({ db: test.db, now: NOW });

  beforeAll(async () => {
    test = await createTestDatabase(engine, { migrated: false });
    await prepareDatabase(test.db, { seedDemo: true, ...DEMO }, silentLogger, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('lists his four visits under My bookings as confirmed, free and past', async () => {
    const { body: session } = await signIn(app(), DEMO.demoMemberEmail, DEMO.demoMemberPassword);
    const res = await getJson<{ appointments: Appointment[] }>(app(), '/api/appointments', withToken(session.access_token));
    expect(res.status).toBe(200);
    const names = res.body.appointments.map((a) => a.event_name).sort();
    expect(names).toEqual(['Chelmsford Community Screening', 'Colchester Community Screening', 'Ipswich Freemasons Screening', 'Norwich Community Screening']);
    for (const a of res.body.appointments) {
      expect(a.status).toBe('confirmed');
      expect(a.event_date < '2026-06-10').toBe(true);
    }
  });

  it("lets staff reach his result still awaited, from that event's attendee list", async () => {
    const staff = await makeStaff(test.db, NOW);
    const auth = { headers: { Authorization: `Bearer ${staff.token}` } };
    const events = await getJson<{ events: ScreeningEvent[] }>(app(), '/api/staff/events', auth);
    const norwich = events.body.events.find((e) => e.event_name === 'Norwich Community Screening');
    expect(norwich).toBeDefined();
    const list = await getJson<AttendeeList>(app(), `/api/staff/events/${norwich!.event_id}/attendees`, auth);
    expect(list.body.attendees).toHaveLength(1);
    expect(list.body.attendees[0]).toMatchObject({ first_name: 'David', last_name: 'Thompson', status: 'confirmed', result: null, price: 0 });

    const chelmsford = events.body.events.find((e) => e.event_name === 'Chelmsford Community Screening');
    const red = await getJson<AttendeeList>(app(), `/api/staff/events/${chelmsford!.event_id}/attendees`, auth);
    expect(red.body.attendees[0]?.result?.test_result).toBe(8.7);
  });

  it('offers none of those past events in the public list', async () => {
    const listed = await getJson<{ events: ScreeningEvent[] }>(app(), '/api/events');
    expect(listed.body.events.map((e) => e.event_name)).not.toContain('Norwich Community Screening');
  });
});
