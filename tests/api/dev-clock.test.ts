/**
 * /dev/clock (development only; tests/api/production.test.ts checks that
 * production never serves it): moving the server's clock forward lets a
 * card hold lapse for every rule at once, and the payment sweep runs as
 * its timer would have meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonDate } from '../../src/domain/london-time';
import { createApp } from '../../server/app';
import { createDevClock } from '../../server/stand-ins/clock';
import { parseEnv } from '../../server/platform/env';
import { getJson } from '../fixtures/app';
import { fastMembers, sendJson } from '../fixtures/bookings';
import { createTestDatabase, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { orderFor, testPayments } from '../fixtures/payments';

describe('/dev/clock', () => {
  let test: TestDatabase;
  // Ten days from the real today: this test runs on the machine's clock, as the dev server does.
  const single = makeEvent({ event_name: 'Single', payment_required: true, price: 1800, total_spaces: 1, event_date: addDays(londonDate(new Date()), 10) });

  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    await replaceEvents(test.db, [single]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('moves every rule’s clock forward, sweeps lapsed holds at once, and goes back on DELETE', async () => {
    const clock = createDevClock();
    const payments = testPayments(test.db, clock.now);
    const env = parseEnv({ NODE_ENV: 'development', STATIC_DIR: '/nonexistent/chaps-test-dist', LOG_LEVEL: 'silent' });
    const app = createApp({ db: test.db, env, now: clock.now, payments, devClock: () => clock.routes(payments.reconcile) });
    const [member] = await fastMembers(test.db, 1, new Date());
    const order = await orderFor(app, member!, single.event_id);
    expect(order.status).toBe(201);
    const holdStatus = async () => (await test.db.query('SELECT status FROM appointments WHERE appointment_id = $1', [order.body.appointmentId]))[0];

    expect((await getJson(app, '/dev/clock/advance', sendJson(null, { minutes: 0 }))).status).toBe(400);
    expect((await getJson(app, '/dev/clock/advance', sendJson(null, { minutes: 14 }))).body).toMatchObject({ offsetMinutes: 14 });
    expect(await holdStatus()).toEqual({ status: 'held' });
    const moved = await getJson<{ now: string; offsetMinutes: number }>(app, '/dev/clock/advance', sendJson(null, { minutes: 2 }));
    expect(moved.body.offsetMinutes).toBe(16);
    expect(new Date(moved.body.now).getTime() - Date.now()).toBeGreaterThan(15 * 60_000);
    expect(await holdStatus()).toEqual({ status: 'cancelled' });
    expect(await test.db.query('SELECT status FROM payment_orders')).toEqual([{ status: 'abandoned' }]);

    const reset = await getJson<{ offsetMinutes: number }>(app, '/dev/clock', { method: 'DELETE' });
    expect(reset.body.offsetMinutes).toBe(0);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('starts ahead of the machine by DEV_CLOCK_OFFSET_MINUTES, moves on from there, and DELETE goes back to that start', async () => {
    const env = parseEnv({ NODE_ENV: 'development', DEV_CLOCK_OFFSET_MINUTES: '630', STATIC_DIR: '/nonexistent/chaps-test-dist', LOG_LEVEL: 'silent' });
    expect(env.devClockOffsetMinutes).toBe(630);
    const clock = createDevClock(env.devClockOffsetMinutes);
    const payments = testPayments(test.db, clock.now);
    const app = createApp({ db: test.db, env, now: clock.now, payments, devClock: () => clock.routes(payments.reconcile) });
    const ahead = (now: string) => Math.round((new Date(now).getTime() - Date.now()) / 60_000);

    const started = await getJson<{ now: string; offsetMinutes: number }>(app, '/dev/clock');
    expect(started.body.offsetMinutes).toBe(630);
    expect(ahead(started.body.now)).toBe(630);
    expect((await getJson<{ offsetMinutes: number }>(app, '/dev/clock/advance', sendJson(null, { minutes: 45 }))).body.offsetMinutes).toBe(675);
    const reset = await getJson<{ now: string; offsetMinutes: number }>(app, '/dev/clock', { method: 'DELETE' });
    expect(reset.body.offsetMinutes).toBe(630);
    expect(ahead(reset.body.now)).toBe(630);
  });

  it('takes a whole number of minutes up to two days, and nothing in production', () => {
    const base = { STATIC_DIR: '/nonexistent/chaps-test-dist', LOG_LEVEL: 'silent' };
    expect(parseEnv({ ...base, NODE_ENV: 'development' }).devClockOffsetMinutes).toBe(0);
    expect(() => parseEnv({ ...base, NODE_ENV: 'development', DEV_CLOCK_OFFSET_MINUTES: '-5' })).toThrow(/DEV_CLOCK_OFFSET_MINUTES must be a whole number of minutes/);
    expect(() => parseEnv({ ...base, NODE_ENV: 'development', DEV_CLOCK_OFFSET_MINUTES: '2881' })).toThrow(/DEV_CLOCK_OFFSET_MINUTES must be at most 2880/);
  });
});
