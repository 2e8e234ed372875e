/**
 * A result is never saved for a booking the man cancelled: the tube in the
 * lab cannot be his (he did not come), so a value typed against his name is
 * another man's (docs/clinical-safety/hazard-log.md#hazard-1). The refusal
 * writes nothing, emails nobody and audits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Harwich Screening', event_date: '2026-06-20' });

describe.each(ENGINES)('a result for a cancelled booking on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const app = (now = AFTER) => testApp({ db: test.db, now, env: { SITE_URL: 'https://www.example.org' } });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    staff = await makeStaff(test.db, AFTER);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refuses a result for a booking cancelled before the screening, and writes, emails and audits nothing', async () => {
    const [booked] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00']);
    const { member, appointment } = booked!;
    const cancelled = await getJson(app(BOOKED_AT), `/api/appointments/${appointment.appointment_id}/cancel`, sendJson(member.token, {}));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const mailBefore = (await sentMail(test.db)).length;

    const res = await getJson<{ error: string }>(
      app(),
      `/api/staff/events/${EVENT.event_id}/attendees/${appointment.appointment_id}/result`,
      sendJson(staff.token, { test_result: '7.10' }, 'PUT'),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('appointment_cancelled');
    expect(await test.db.query('SELECT 1 FROM member_results WHERE appointment_id = $1::uuid', [appointment.appointment_id])).toEqual([]);
    expect((await sentMail(test.db)).length).toBe(mailBefore);
    expect(await auditCount(test.db, 'result.create')).toBe(0);
  });
});
