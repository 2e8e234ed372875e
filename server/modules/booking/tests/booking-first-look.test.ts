/**
 * The booking's first look (a plain read before any transaction or lock):
 * a slot or event already full is refused from it, with no transaction;
 * a place taken after it was read is still caught under the lock, so a
 * stale first look can only let an attempt through to the locked decision,
 * never overbook; and the first look refuses nothing the lock would book.
 * Within the process, attempts that pass it take turns (booking-queue.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberAppointment } from '../../../../src/domain/booking';
import type { Database } from '../../../platform/db/adapter';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, takePlaces, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { orderFor, testPayments } from '../../../../tests/fixtures/payments';

const NOW = new Date('2026-06-10T09:00:00Z');

/** `db` with its transactions counted (and the most at once, and the row locks taken), and a hook run just before each begins. */
function watched(db: Database) {
  const seen = { transactions: 0, locks: 0, running: 0, most: 0, beforeTransaction: null as null | (() => Promise<void>) };
  const wrapped: Database = {
    kind: db.kind,
    ...(db.schema ? { schema: db.schema } : {}),
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    executeSql: (text, values) => db.executeSql(text, values),
    async transaction(fn) {
      seen.transactions += 1;
      const hook = seen.beforeTransaction;
      seen.beforeTransaction = null;
      if (hook) await hook();
      seen.running += 1;
      seen.most = Math.max(seen.most, seen.running);
      try {
        return await db.transaction((tx) =>
          fn({
            query: (sql, params) => {
              if (/\bFOR UPDATE\b/.test(sql)) seen.locks += 1;
              return tx.query(sql, params);
            },
            exec: (sql) => tx.exec(sql),
          }),
        );
      } finally {
        seen.running -= 1;
      }
    },
    close: () => db.close(),
  };
  return { db: wrapped, seen };
}

describe.each(ENGINES)('the booking first look on %s', (engine) => {
  let test: TestDatabase;
  let member: FastMember;
  let consentId: string;
  const event = makeEvent({ event_name: 'First look', event_date: '2026-06-20', total_spaces: 2, places_per_slot: 1 });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event]);
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM appointments');
    [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
    const consent = await getJson<{ consent_id: string }>(
      testApp({ db: test.db, now: NOW }),
      '/api/medical/consent',
      sendJson(member.token, { ...validConsent(), eventId: event.event_id }),
    );
    consentId = consent.body.consent_id;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const book = (db: Database, start: string) =>
    getJson<{ error?: string; appointment?: MemberAppointment }>(
      testApp({ db, now: NOW }),
      '/api/appointments',
      sendJson(member.token, { eventId: event.event_id, appointmentStartTime: start, consentId }),
    );

  it('refuses a taken slot and a full event from the first look, with no transaction', async () => {
    const { db, seen } = watched(test.db);
    await takePlaces(test.db, event, ['10:00']);
    const slot = await book(db, '10:00');
    expect([slot.status, slot.body.error]).toEqual([409, 'slot_taken']);
    await takePlaces(test.db, event, ['10:15']);
    const full = await book(db, '10:30');
    expect([full.status, full.body.error]).toEqual([409, 'fully_booked']);
    expect(seen.transactions).toBe(0);
  });

  it('books through the lock when the first look finds a place, answering the booking as it is read back', async () => {
    const { db, seen } = watched(test.db);
    await takePlaces(test.db, event, ['10:00']);
    const res = await book(db, '10:15');
    expect(res.status).toBe(201);
    expect(seen.transactions).toBe(1);
    const read = await getJson<{ appointment: MemberAppointment }>(testApp({ db: test.db, now: NOW }), `/api/appointments/${res.body.appointment!.appointment_id}`, {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    // The ticket is signed as each answer leaves (ECDSA draws a new nonce each time): the same payload and code, another signature.
    const payloadOf = (a: MemberAppointment | undefined) => ({ ...a, ticket: a?.ticket && { code: a.ticket.code, payload: a.ticket.token.split('.')[1] } });
    expect(res.body.appointment?.ticket?.code).toMatch(/^[0-9A-Z]{8}$/);
    expect(payloadOf(res.body.appointment)).toEqual(payloadOf(read.body.appointment));
    const [history] = await test.db.query('SELECT event_name, event_date::text AS event_date FROM member_appointments WHERE appointment_id = $1', [
      res.body.appointment!.appointment_id,
    ]);
    expect(history).toEqual({ event_name: event.event_name, event_date: event.event_date });
  });

  it('books past a lapsed hold of the member that appeared after the first look, cancelling it', async () => {
    const { db, seen } = watched(test.db);
    seen.beforeTransaction = async () => {
      await test.db.query(
        `INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, hold_expires_at)
         VALUES ($1, $2, $3, '10:30', '10:45', 'held', 'unpaid', $4)`,
        [member.profileId, member.userId, event.event_id, new Date(NOW.getTime() - 1)],
      );
    };
    const res = await book(db, '10:00');
    expect(res.status).toBe(201);
    const rows = await test.db.query<{ status: string; slot: string }>(
      "SELECT status, to_char(slot_start, 'HH24:MI') AS slot FROM appointments WHERE profile_id = $1 ORDER BY slot_start",
      [member.profileId],
    );
    expect(rows).toEqual([
      { status: 'confirmed', slot: '10:00' },
      { status: 'cancelled', slot: '10:30' },
    ]);
  });

  it('refuses under the lock a place taken after the first look read it: a stale look never overbooks', async () => {
    const { db, seen } = watched(test.db);
    await takePlaces(test.db, event, ['10:00']);
    // The first look sees one place left; the last place goes between that read and the lock.
    seen.beforeTransaction = async () => {
      await takePlaces(test.db, event, ['10:30']);
    };
    const res = await book(db, '10:15');
    expect([res.status, res.body.error]).toEqual([409, 'fully_booked']);
    expect(seen.transactions).toBe(1);
    const [{ n } = { n: 0 }] = await test.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM appointments WHERE event_id = $1 AND status IN ('held', 'confirmed')",
      [event.event_id],
    );
    expect(n).toBe(event.total_spaces);
  });

  it('counts lapsed holds as free in the first look as under the lock, and cancels them there', async () => {
    const { db } = watched(test.db);
    await takePlaces(test.db, event, ['10:00', '10:15'], { status: 'held', holdExpiresAt: new Date(NOW.getTime() - 1) });
    const res = await book(db, '10:00');
    expect(res.status).toBe(201);
    const held = await test.db.query("SELECT 1 FROM appointments WHERE event_id = $1 AND status = 'held'", [event.event_id]);
    expect(held).toHaveLength(0);
  });

  it('lets the attempts that pass the first look take turns: one transaction at a time, no lock for those a shared read finds full', async () => {
    const { db, seen } = watched(test.db);
    const others = await fastMembers(test.db, 8, NOW);
    const bodies = await Promise.all(
      others.map(async (other) => {
        const consent = await getJson<{ consent_id: string }>(testApp({ db: test.db, now: NOW }), '/api/medical/consent', sendJson(other.token, { ...validConsent(), eventId: event.event_id }));
        return { other, body: { eventId: event.event_id, appointmentStartTime: '10:00', consentId: consent.body.consent_id } };
      }),
    );
    const app = testApp({ db, now: NOW });
    const answers = await Promise.all(bodies.map(({ other, body }) => getJson<{ error?: string }>(app, '/api/appointments', sendJson(other.token, body))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(7).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'slot_taken')).toBe(true);
    expect(seen.most).toBe(1);
    expect(seen.locks).toBe(1);
  });

  it('refuses a card hold on a full paid event from the first look, yet resumes the member’s own live hold there', async () => {
    const paid = makeEvent({ event_name: 'Paid first look', event_date: '2026-06-20', payment_required: true, price: 2500, total_spaces: 2 });
    await test.db.query('DELETE FROM payment_orders');
    await replaceEvents(test.db, [event, paid]);
    const { db, seen } = watched(test.db);
    const app = testApp({ db, now: NOW, payments: testPayments(db, () => NOW) });
    const held = await orderFor(app, member, paid.event_id, '10:00');
    expect(held.status).toBe(201);
    await takePlaces(test.db, paid, ['10:15']);
    const before = seen.transactions;
    const [late] = await fastMembers(test.db, 1, NOW);
    const refused = await orderFor(app, late!, paid.event_id, '10:30');
    expect([refused.status, (refused.body as { error?: string }).error]).toEqual([409, 'fully_booked']);
    expect(seen.transactions).toBe(before);
    // Full, counting the member's own hold: a reload gets that hold and its order back.
    const again = await orderFor(app, member, paid.event_id, '10:00');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: held.body.id, appointmentId: held.body.appointmentId });
  });
});
