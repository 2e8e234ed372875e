/**
 * The staff console's hardening: the lab's results file meets the site's
 * text rule (docs/decisions/0008-threat-model.md, control 7: a NUL in a comment
 * was a 500, a BEL was kept in the member's result), and links staff hand out
 * or email take their origin from SITE_URL or an allowed host, never from
 * whatever Host a request names (control 2 of the same record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, runJobs, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Harwich Screening', event_date: '2026-06-20' });

describe.each(ENGINES)('staff console hardening on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  // No SITE_URL: development, where the request's host decides only if it is allowed.
  const app = (now = AFTER) => testApp({ db: test.db, now });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const upload = (csv: string) =>
    getJson<{ saved?: number; error?: string; issues?: { path: string; message: string }[] }>(app(), `http://localhost${base}/results.csv?confirm_profile_ids=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const results = async () => test.db.query<{ comments: string | null }>('SELECT comments FROM member_results');

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15']);
    staff = await makeStaff(test.db, AFTER);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it.each([
    ['a NUL', 'Fine\u0000'],
    ['a BEL', 'Ring\u0007'],
    ['an escape', '\u001b[31mred'],
  ])('refuses a results file with %s in a comment, naming its line and column, and saves nothing', async (_label, comment) => {
    const [first, second] = booked;
    const res = await upload(['profile_id,psa_ng_ml,comment', `${first!.member.profileId},1.1,Normal`, `${second!.member.profileId},2.2,"${comment}"`].join('\n'));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_csv');
    expect(res.body.issues).toEqual([{ path: 'line 3', message: expect.stringContaining('The comment column contains a character that is not allowed') }]);
    expect(await results()).toEqual([]);
  });

  it('still imports a clean file', async () => {
    const [first] = booked;
    const res = await upload(['profile_id,psa_ng_ml,comment', `${first!.member.profileId},1.1,"Green:\tnormal"`].join('\n'));
    expect(res.body).toEqual({ saved: 1, held: 0 });
    expect(await results()).toEqual([{ comments: 'Green:\tnormal' }]);
  });

  it('makes a consent link on an allowed host’s origin, and refuses one for a Host of the sender’s choosing', async () => {
    const [, second] = booked;
    const path = `${base}/attendees/${second!.appointment.appointment_id}/consent-link`;
    const good = await getJson<{ url: string }>(app(), `http://localhost:3000${path}`, sendJson(staff.token, {}));
    expect(good.status).toBe(200);
    expect(good.body.url).toMatch(/^http:\/\/localhost:3000\/test-consent\?/);
    const forged = await getJson<{ error: string; url?: string }>(app(), `http://evil.example${path}`, sendJson(staff.token, {}));
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('host_not_allowed');
    expect(forged.body.url).toBeUndefined();
  });

  it('refuses to email a result link for a Host of the sender’s choosing, and saves nothing', async () => {
    const [, second] = booked;
    await runJobs(test.db);
    const before = (await sentMail(test.db)).length;
    const res = await getJson(app(), `http://evil.example${base}/attendees/${second!.appointment.appointment_id}/result`, sendJson(staff.token, { test_result: '2' }, 'PUT'));
    expect(res.status).toBe(400);
    await runJobs(test.db);
    expect((await sentMail(test.db)).length).toBe(before);
    expect(await results()).toHaveLength(1);
  });
});
