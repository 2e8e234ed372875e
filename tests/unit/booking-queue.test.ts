/**
 * The per-process booking queue (server/modules/booking/booking-queue.ts): one
 * attempt per event at a time, in arrival order; a shared read of the
 * places, made while attempts wait, refuses those whose slot or event it
 * shows full, and only those that joined before it was sent.
 */
import { describe, expect, it } from 'vitest';
import type { Database, Queryable, Row } from '../../server/platform/db/adapter';
import { createBookingQueue, placesRefusal, type PlacesRefusal } from '../../server/modules/booking/booking-queue';

class Refused extends Error {
  constructor(readonly code: PlacesRefusal) {
    super(code);
  }
}

const NOW = new Date('2026-06-10T09:00:00Z');
const EVENT = '0b6f1f36-4a0c-4b8e-9a41-7d3c1d2a5e10';
const OTHER = '5d1b7c1e-2f7a-4b0e-8f0c-9c2a4e6b8d20';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A database answering the places read with `places`; `gate`, when set,
 * holds the next read until opened; `fail` fails reads, `down` fails
 * every transaction at its start.
 */
function fakeDb(places: { totalSpaces: number; placesPerSlot: number; bySlot: Record<string, number> }) {
  const state = { reads: 0, transactions: 0, gate: null as null | Promise<void>, fail: false, down: false, sent: deferred() };
  const tx: Queryable = {
    async query<T extends Row = Row>() {
      state.reads += 1;
      state.sent.resolve();
      const gate = state.gate;
      state.gate = null;
      if (gate) await gate;
      if (state.fail) throw new Error('connection lost');
      return [{ total_spaces: places.totalSpaces, places_per_slot: places.placesPerSlot, by_slot: JSON.stringify(places.bySlot) }] as unknown as T[];
    },
    async exec() {},
  };
  const db: Database = {
    kind: 'postgres',
    ...tx,
    executeSql: async () => ({ rows: [] }),
    async transaction(fn) {
      if (state.down) throw new Error('connection refused');
      state.transactions += 1;
      return fn(tx);
    },
    async close() {},
  };
  return { db, state, places };
}

const settle = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('placesRefusal', () => {
  it('refuses a full event before a full slot, and nothing while both have room', () => {
    expect(placesRefusal(20, 20, 1, 1)).toBe('fully_booked');
    expect(placesRefusal(5, 20, 1, 1)).toBe('slot_taken');
    expect(placesRefusal(5, 20, 1, 2)).toBeNull();
  });
});

describe('the booking queue', () => {
  it('runs one attempt per event at a time, in the order they came, and other events alongside', async () => {
    const { db } = fakeDb({ totalSpaces: 20, placesPerSlot: 1, bySlot: {} });
    const queue = createBookingQueue(db, () => NOW, (code) => new Refused(code));
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const attempt = (name: string, release: Promise<void>) => async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(name);
      await release;
      running -= 1;
      return name;
    };
    const first = deferred();
    const a = queue.inTurn(EVENT, '10:00', NOW, attempt('a', first.promise));
    const b = queue.inTurn(EVENT, '10:15', NOW, attempt('b', Promise.resolve()));
    const c = queue.inTurn(EVENT, '10:30', NOW, attempt('c', Promise.resolve()));
    const other = queue.inTurn(OTHER, '10:00', NOW, attempt('other', Promise.resolve()));
    expect(await other).toBe('other');
    expect(order).toEqual(['a', 'other']);
    first.resolve();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'other', 'b', 'c']);
    expect(most).toBe(2);
  });

  it('refuses the waiting attempts a shared read shows full, with one read for all of them', async () => {
    const { db, state, places } = fakeDb({ totalSpaces: 3, placesPerSlot: 1, bySlot: {} });
    const queue = createBookingQueue(db, () => NOW, (code) => new Refused(code));
    const first = deferred();
    let ran = 0;
    const run = (release: Promise<void> = Promise.resolve()) => async () => {
      ran += 1;
      await release;
    };
    const a = queue.inTurn(EVENT, '10:00', NOW, run(first.promise));
    const sameSlot = [1, 2, 3].map(() => settle(queue.inTurn(EVENT, '10:00', NOW, run())));
    const freeSlot = settle(queue.inTurn(EVENT, '10:15', NOW, run()));
    // While a's booking runs, it takes 10:00.
    places.bySlot = { '10:00': 1 };
    first.resolve();
    await a;
    for (const refused of await Promise.all(sameSlot)) expect(refused).toEqual({ error: new Refused('slot_taken') });
    expect(await freeSlot).toEqual({ value: undefined });
    expect(ran).toBe(2);
    expect(state.reads).toBe(1);

    // A full event refuses whatever slot is asked for.
    places.bySlot = { '10:00': 1, '10:15': 1, '10:30': 1 };
    const hold = deferred();
    const b = queue.inTurn(EVENT, '10:45', NOW, run(hold.promise));
    const late = settle(queue.inTurn(EVENT, '11:00', NOW, run()));
    hold.resolve();
    await b;
    expect(await late).toEqual({ error: new Refused('fully_booked') });
  });

  it('never refuses by a read sent before the attempt joined, nor an attempt timed after the read', async () => {
    const { db, state, places } = fakeDb({ totalSpaces: 20, placesPerSlot: 1, bySlot: {} });
    const clock = NOW;
    const queue = createBookingQueue(db, () => clock, (code) => new Refused(code));
    const first = deferred();
    const a = queue.inTurn(EVENT, '10:00', NOW, async () => first.promise);
    const b = queue.inTurn(EVENT, '10:15', NOW, async () => 'b');
    // Hold the read that follows a's turn; an attempt joins while it is on its way.
    const gate = deferred();
    state.gate = gate.promise;
    state.sent = deferred();
    first.resolve();
    await a;
    await state.sent.promise;
    places.bySlot = { '10:00': 1, '10:30': 1 };
    const late = settle(queue.inTurn(EVENT, '10:30', NOW, async () => 'late ran'));
    gate.resolve();
    expect(await b).toBe('b');
    // The next read (after b's turn), sent after it joined, refuses it.
    expect(await late).toEqual({ error: new Refused('slot_taken') });
    expect(state.reads).toBe(2);

    // An attempt whose own moment is later than the read's is left to its transaction.
    const hold = deferred();
    const c = queue.inTurn(EVENT, '11:00', NOW, async () => hold.promise);
    const future = settle(queue.inTurn(EVENT, '10:30', new Date(NOW.getTime() + 60_000), async () => 'future ran'));
    hold.resolve();
    await c;
    expect(await future).toEqual({ value: 'future ran' });
  });

  it('goes straight on for the first attempt of an idle queue, and a failed read refuses no one', async () => {
    const { db, state } = fakeDb({ totalSpaces: 1, placesPerSlot: 1, bySlot: { '10:00': 1 } });
    const queue = createBookingQueue(db, () => NOW, (code) => new Refused(code));
    expect(await queue.inTurn(EVENT, '10:00', NOW, async () => 'alone')).toBe('alone');
    expect(state.reads).toBe(0);
    await flush();
    state.fail = true;
    const first = deferred();
    const a = queue.inTurn(EVENT, '10:00', NOW, async () => first.promise);
    const b = settle(queue.inTurn(EVENT, '10:00', NOW, async () => 'decided by its own transaction'));
    first.resolve();
    await a;
    expect(await b).toEqual({ value: 'decided by its own transaction' });
    expect(state.reads).toBe(1);
  });

  it('passes an attempt’s own failure to its caller only, and carries on', async () => {
    const { db } = fakeDb({ totalSpaces: 20, placesPerSlot: 1, bySlot: {} });
    const queue = createBookingQueue(db, () => NOW, (code) => new Refused(code));
    const failing = settle(queue.inTurn(EVENT, '10:00', NOW, async () => Promise.reject(new Error('deadlock'))));
    const next = queue.inTurn(EVENT, '10:15', NOW, async () => 'next');
    expect(await failing).toEqual({ error: new Error('deadlock') });
    expect(await next).toBe('next');
    await flush();
  });

  it('answers every waiting attempt with the error when no transaction can start, and stops', async () => {
    const { db, state } = fakeDb({ totalSpaces: 20, placesPerSlot: 1, bySlot: {} });
    const queue = createBookingQueue(db, () => NOW, (code) => new Refused(code));
    state.down = true;
    const answers = await Promise.all(['10:00', '10:15', '10:30'].map((start) => settle(queue.inTurn(EVENT, start, NOW, async () => 'ran'))));
    expect(answers).toEqual([0, 1, 2].map(() => ({ error: new Error('connection refused') })));
    state.down = false;
    expect(await queue.inTurn(EVENT, '10:00', NOW, async () => 'back')).toBe('back');
  });

  it('answers an attempt only once its transaction has committed', async () => {
    const { db } = fakeDb({ totalSpaces: 20, placesPerSlot: 1, bySlot: {} });
    let committed = false;
    const committing: Database = {
      ...db,
      async transaction(fn) {
        const value = await db.transaction(fn);
        await flush();
        committed = true;
        return value;
      },
    };
    const queue = createBookingQueue(committing, () => NOW, (code) => new Refused(code));
    await queue.inTurn(EVENT, '10:00', NOW, async () => 'booked');
    expect(committed).toBe(true);
  });
});
