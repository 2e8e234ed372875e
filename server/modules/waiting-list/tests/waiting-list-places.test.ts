/**
 * Where else a waiting list's places come from and go
 * (docs/decisions/0019-waiting-list.md), on PGlite and PostgreSQL: staff adding
 * places offers them at once; a member leaving with an offer passes it on; a
 * paid event's member offered a place pays through the normal checkout while
 * the event is otherwise full, and a checkout hold that lapses unpaid passes
 * its place to the next member waiting at the next sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payments } from '../../payments';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { asApiEvent, makeEvent } from '../../../../tests/fixtures/events';
import { orderFor, testPayments } from '../../../../tests/fixtures/payments';
import { makeStaff } from '../../../../tests/fixtures/staff';
import { ACCESS_GRANT_HEADER } from '../../../../src/domain/booking';
import { hashAccessCode } from '../../events/access-code';

const START = new Date('2026-12-01T10:00:00Z');
const CODE = 'LODG-E123';

describe.each(ENGINES)('waiting-list places on %s', (engine) => {
  let test: TestDatabase;
  let clock = START;
  let payments: Payments;
  const app = () => testApp({ db: test.db, now: () => clock, payments });
  const grown = makeEvent({ event_name: 'Grown Wednesday', event_date: '2026-12-09', total_spaces: 1 });
  const lodge = makeEvent({ event_name: 'Lodge Friday', event_date: '2026-12-11', total_spaces: 1, is_private: true });
  const paid = makeEvent({ event_name: 'Paid Thursday', event_date: '2026-12-10', total_spaces: 1, payment_required: true, price: 2500 });

  const join = async (who: FastMember, eventId: string) =>
    (await getJson(app(), `/api/waiting-list/events/${eventId}`, { method: 'POST', headers: { Authorization: `Bearer ${who.token}` } })).status;
  const statuses = async (eventId: string) =>
    (
      await test.db.query<{ status: string }>('SELECT status FROM waiting_list WHERE event_id = $1 ORDER BY joined_at', [eventId])
    ).map((r) => r.status);
  async function book(who: FastMember, eventId: string, start: string) {
    const token = await who.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId }));
    return getJson<{ error?: string }>(app(), '/api/appointments', sendJson(token, { eventId, appointmentStartTime: start, consentId: consent.body.consent_id }));
  }
  async function joinInOrder(members: FastMember[], eventId: string) {
    for (const who of members) {
      clock = new Date(clock.getTime() + 1000);
      expect(await join(who, eventId)).toBe(201);
    }
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [grown, paid, { ...lodge, access_code_hash: await hashAccessCode(CODE) }]);
    payments = testPayments(test.db, () => clock);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('offers places staff add at once, and passes on an offer its member leaves', async () => {
    clock = START;
    const staff = await makeStaff(test.db, clock);
    const [booker, first, second, third] = (await fastMembers(test.db, 4, clock)) as [FastMember, FastMember, FastMember, FastMember];
    expect((await book(booker, grown.event_id, '10:00')).status).toBe(201);
    await joinInOrder([first, second, third], grown.event_id);

    const { event_id: _id, booked_spaces: _booked, ...fields } = asApiEvent(grown);
    const edited = await getJson<{ event: { booked_spaces: number } }>(
      app(),
      `/api/staff/events/${grown.event_id}`,
      sendJson(staff.token, { ...fields, total_spaces: 2 }, 'PUT'),
    );
    expect(edited.status).toBe(200);
    // The added place is held at once: booked 1, held 1.
    expect(edited.body.event.booked_spaces).toBe(2);
    expect(await statuses(grown.event_id)).toEqual(['offered', 'waiting', 'waiting']);
    expect((await getJson<{ error: string }>(app(), `/api/events/${grown.event_id}/slots`)).body.error).toBe('fully_booked');

    const left = await getJson(app(), `/api/waiting-list/events/${grown.event_id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${first.token}` } });
    expect(left.status).toBe(200);
    expect(await statuses(grown.event_id)).toEqual(['left', 'offered', 'waiting']);
    await runJobs(test.db);
    const offers = await test.db.query<{ to: string }>(
      "SELECT to_address AS to FROM outbox WHERE subject = 'A place is free for you: Grown Wednesday' ORDER BY created_at",
    );
    // His offer was still queued when he left: its reason (the place held for him) is gone, so only the next man's goes.
    expect(offers.map((o) => o.to)).toEqual([second.email]);
  });

  it('lets the member offered a paid place hold it for the checkout while full; an unpaid hold that lapses passes on', async () => {
    clock = START;
    const [payer, offered, next, outsider] = (await fastMembers(test.db, 4, clock)) as [FastMember, FastMember, FastMember, FastMember];
    const order = await orderFor(app(), payer, paid.event_id, '10:00');
    expect(order.status).toBe(201);
    await joinInOrder([offered, next], paid.event_id);

    // The payer's checkout hold lapses unpaid (15 minutes): the next sweep offers the place.
    clock = new Date(START.getTime() + 16 * 60_000);
    await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
    await runJobs(test.db);
    expect(await statuses(paid.event_id)).toEqual(['offered', 'waiting']);

    expect((await orderFor(app(), outsider, paid.event_id, '10:00')).body).toMatchObject({ error: 'fully_booked' });
    const held = await orderFor(app(), offered, paid.event_id, '10:00');
    expect(held.status).toBe(201);
    // His checkout hold now keeps the place: he has left the list, and the next is not offered it.
    expect(await statuses(paid.event_id)).toEqual(['booked', 'waiting']);

    // He never pays: when that hold lapses too, the place goes to the next member waiting.
    clock = new Date(clock.getTime() + 16 * 60_000);
    await jobsFor(test.db).send(test.db, 'waiting_list_offers', {});
    await runJobs(test.db);
    expect(await statuses(paid.event_id)).toEqual(['booked', 'offered']);
  });

  it('a private event: joining needs the code; the member offered a place books it without showing it again', async () => {
    clock = START;
    const [booker, waiter] = (await fastMembers(test.db, 2, clock)) as [FastMember, FastMember];
    const grant = (
      await getJson<{ access_grant: string }>(app(), `/api/events/${lodge.event_id}/check-access-code`, sendJson(null, { access_code: CODE }))
    ).body.access_grant;
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(booker.token, { ...validConsent(), eventId: lodge.event_id }));
    const booked = await getJson<{ appointment: { appointment_id: string } }>(
      app(),
      '/api/appointments',
      sendJson(booker.token, { eventId: lodge.event_id, appointmentStartTime: '10:00', consentId: consent.body.consent_id, accessGrant: grant }),
    );
    expect(booked.status).toBe(201);
    expect(await join(waiter, lodge.event_id)).toBe(403);
    const joined = await getJson(app(), `/api/waiting-list/events/${lodge.event_id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${waiter.token}`, [ACCESS_GRANT_HEADER]: grant },
    });
    expect(joined.status).toBe(201);
    const cancelled = await getJson(app(), `/api/appointments/${booked.body.appointment.appointment_id}/cancel`, sendJson(booker.token, {}));
    expect(cancelled.status).toBe(200);
    expect(await statuses(lodge.event_id)).toEqual(['offered']);
    // Hours later his grant has long expired; the place held for him needs none.
    clock = new Date(START.getTime() + 3 * 3_600_000);
    expect((await book(waiter, lodge.event_id, '10:00')).status).toBe(201);
  });
});
