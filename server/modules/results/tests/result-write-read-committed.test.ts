/**
 * What writeResult (result-write.ts) leans on in PostgreSQL's READ COMMITTED,
 * shown step by step with two connections, each held at a chosen point: a
 * check of member_results made in the statement that waited for the booking's
 * lock still sees the moment before the other save committed, while the
 * conditional save, waiting on the other's row, is decided on the row as
 * committed. PostgreSQL only: PGlite has one connection, so nothing waits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../platform/db/adapter';
import { openPostgres } from '../../../platform/db/postgres';
import { testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import type { StaffActor } from '../../staff';
import { eventForResults, lockedBooking, wasSaved, writeResult, type ResultInput } from '../result-write';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Clacton Screening', event_date: '2026-06-20' });

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.skipIf(!ENGINES.includes('postgres'))('a result saved at the same moment on two connections, on postgres', () => {
  let test: TestDatabase;
  let second: Database;
  let actor: StaffActor;
  let appointmentId: string;

  const input = (value: number, replaces: number | null = null): ResultInput => ({ value, comment: null, sampleDate: null, replaces });
  const save = async (tx: Queryable, value: number, replaces: number | null = null) => {
    const event = await eventForResults(tx, EVENT.event_id, () => AFTER);
    const booking = (await lockedBooking(tx, EVENT.event_id, appointmentId))!;
    return writeResult(tx, actor, AFTER, event, booking, input(value, replaces));
  };
  const pidOf = async (tx: Queryable) => (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
  /** Resolves once the backend `pid` waits for a lock (so it has read what it will read before the other commits). */
  const waitsForLock = async (pid: number) => {
    for (let i = 0; i < 500; i += 1) {
      const [row] = await test.db.query<{ waiting: boolean }>("SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1", [pid]);
      if (row?.waiting) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`backend ${pid} never waited for a lock`);
  };
  /** Runs `first` in a transaction on one connection, then `then` on the other, which must wait for it; the first commits once the other waits. */
  async function atOnce<A, B>(first: (tx: Queryable) => Promise<A>, then: (tx: Queryable) => Promise<B>): Promise<[A, B]> {
    const written = gate();
    const waiting = gate();
    const one = test.db.transaction(async (tx) => {
      const done = await first(tx);
      written.open();
      await waiting.opened;
      return done;
    });
    await written.opened;
    const two = second.transaction(async (tx) => {
      const pid = await pidOf(tx);
      void waitsForLock(pid).then(waiting.open, waiting.open);
      return then(tx);
    });
    return Promise.all([one, two]);
  }
  const valueNow = async () => (await test.db.query<{ v: string | null }>('SELECT test_result::text AS v FROM member_results WHERE appointment_id = $1::uuid', [appointmentId]))[0]?.v ?? null;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    second = await openPostgres(test.postgres!.url, { schema: test.postgres!.schema, max: 2 });
    await replaceEvents(test.db, [EVENT]);
    const staff = await makeStaff(test.db, AFTER);
    actor = { userId: staff.userId, email: staff.email };
    const [booked] = await bookedMembers(testApp({ db: test.db, now: BOOKED_AT }), test.db, BOOKED_AT, EVENT, ['10:00']);
    appointmentId = booked!.appointment.appointment_id;
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await test?.dispose();
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM member_results');
  });

  it('a check beside the booking lock still sees no result once the save it waited for has committed; a statement after the lock sees it', async () => {
    const [, seen] = await atOnce(
      (tx) => save(tx, 1.11),
      async (tx) => {
        // The check the import made: an EXISTS in the statement that locks the booking.
        const [locked] = await tx.query<{ has_result: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM member_results r WHERE r.appointment_id = a.appointment_id AND r.test_result IS NOT NULL) AS has_result
           FROM appointments a WHERE a.appointment_id = $1::uuid FOR UPDATE OF a`,
          [appointmentId],
        );
        const [after] = await tx.query<{ has_result: boolean }>('SELECT EXISTS (SELECT 1 FROM member_results WHERE appointment_id = $1::uuid AND test_result IS NOT NULL) AS has_result', [
          appointmentId,
        ]);
        return { locked: locked!.has_result, after: after!.has_result };
      },
    );
    expect(seen).toEqual({ locked: false, after: true });
  });

  it('saves nothing over a result another connection saved while it waited, and says what is there', async () => {
    const [won, lost] = await atOnce(
      (tx) => save(tx, 1.11),
      (tx) => save(tx, 2.22),
    );
    expect(wasSaved(won)).toBe(true);
    expect(lost).toEqual({ current: '1.11' });
    expect(await valueNow()).toBe('1.11');
  });

  it('decides on the row, not the booking lock: a save that did not lock the booking still finds the result committed while it waited', async () => {
    const event = await eventForResults(test.db, EVENT.event_id, () => AFTER);
    const booking = (await lockedBooking(test.db, EVENT.event_id, appointmentId))!;
    const [, late] = await atOnce(
      (tx) => writeResult(tx, actor, AFTER, event, booking, input(1.11)),
      (tx) => writeResult(tx, actor, AFTER, event, booking, input(2.22)),
    );
    expect(late).toEqual({ current: '1.11' });
    expect(await valueNow()).toBe('1.11');
  });

  it('refuses a correction of a value another connection changed while it waited', async () => {
    await test.db.transaction((tx) => save(tx, 1.11));
    const [changed, correction] = await atOnce(
      (tx) => save(tx, 3.33, 1.11),
      (tx) => save(tx, 5.55, 1.11),
    );
    expect(wasSaved(changed)).toBe(true);
    expect(correction).toEqual({ current: '3.33' });
    expect(await valueNow()).toBe('3.33');
  });
});
