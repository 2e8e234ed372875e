/**
 * Ready answers with several server processes over one PostgreSQL: each
 * "process" here is its own Database handle, change listener and app over
 * the same schema. A booking or a staff edit on one, or a write by another
 * client (psql, a script), shows in every other's listing and slots within
 * a second (NOTIFY, server/platform/db/change-listener.ts); a listener that loses its
 * connection drops everything, keeps nothing until it listens again, and
 * reconnects. PostgreSQL only: PGlite allows one process.
 */
import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../src/domain/event';
import type { SlotsByDate } from '../../src/domain/slots';
import type { Database, Row } from '../../server/platform/db/adapter';
import { listenForChanges, type ChangeListener, type ChangeListenerOptions } from '../../server/platform/db/change-listener';
import { trackChanges, type TrackedDatabase } from '../../server/platform/db/data-changes';
import { openPostgres } from '../../server/platform/db/postgres';
import { getJson, testApp } from '../fixtures/app';
import { fastMembers, sendJson, takePlaces, validConsent, type FastMember } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { asApiEvent, makeEvent } from '../fixtures/events';
import { makeStaff } from '../fixtures/staff';

const GZIP = { 'Accept-Encoding': 'gzip' };
const LISTING = '/api/events';
const NOW = new Date('2026-06-10T09:00:00Z');
/** How soon every other process must show a write. */
const WITHIN_MS = 1_000;

interface Process {
  db: TrackedDatabase;
  listener: ChangeListener;
  app: Hono;
  /** Queries this process has sent: unchanged by an answer served from memory. */
  queries(): number;
}

/** Retries `check` until it passes or `ms` have gone; resolves to how long it took. */
async function within(ms: number, check: () => Promise<void>): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      await check();
      return performance.now() - started;
    } catch (error) {
      if (performance.now() - started > ms) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

function counting(db: Database): { db: Database; queries: () => number } {
  let queries = 0;
  return {
    db: {
      ...db,
      query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
        queries += 1;
        return db.query<T>(sql, params);
      },
    },
    queries: () => queries,
  };
}

describe.skipIf(!ENGINES.includes('postgres'))('ready answers across processes on postgres', () => {
  let test: TestDatabase;
  let a: Process;
  let b: Process;
  let staff: FastMember;
  const processes: Process[] = [];
  const event = makeEvent({ event_name: 'Shared', event_date: '2026-06-20', start_time: '10:00', end_time: '12:00', total_spaces: 8 });
  const { event_id: _id, booked_spaces: _booked, ...FIELDS } = asApiEvent(event);

  async function startProcess(options: Partial<ChangeListenerOptions> = {}): Promise<Process> {
    const { url, schema } = test.postgres!;
    const pool = counting(await openPostgres(url, { schema, max: 3 }));
    const db = trackChanges(pool.db);
    const listener = listenForChanges(db.changes, { url, schema, ...options });
    const started = { db, listener, app: testApp({ db, now: NOW }), queries: pool.queries };
    processes.push(started);
    await listener.listening();
    return started;
  }

  /** GET as a browser asks (gzip), unzipped. */
  async function gzipJson<T>(app: Hono, path: string): Promise<T> {
    const res = await app.request(path, { headers: GZIP });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return JSON.parse((res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')) as T;
  }
  const listed = async (p: Process) => (await gzipJson<{ events: ScreeningEvent[] }>(p.app, LISTING)).events.find((e) => e.event_id === event.event_id);
  const freeSlots = async (p: Process) =>
    (await gzipJson<SlotsByDate>(p.app, `/api/events/${event.event_id}/slots`))[event.event_date]?.availableTimeSlots ?? [];

  /** Reads the listing and slots twice: the second time from memory, as a busy process would. */
  async function warm(p: Process): Promise<void> {
    await listed(p);
    await freeSlots(p);
    const before = p.queries();
    await listed(p);
    await freeSlots(p);
    expect(p.queries(), 'the second reading comes from the ready answers').toBe(before);
  }

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    await replaceEvents(test.db, [event]);
    staff = await makeStaff(test.db, NOW);
    a = await startProcess();
    b = await startProcess();
  });
  beforeEach(async () => {
    // Through the test's own handle: another client, as far as the processes
    // know. Every process has heard it before the test starts.
    const before = processes.map((p) => p.db.changes.version);
    await test.db.transaction(async (tx) => {
      await tx.query('DELETE FROM appointments');
      await replaceEvents(tx, [event]);
    });
    await within(WITHIN_MS, async () => processes.forEach((p, i) => expect(p.db.changes.version).toBeGreaterThan(before[i]!)));
  });
  afterAll(async () => {
    for (const p of processes) {
      await p.listener.stop();
      await p.db.close();
    }
    await test?.dispose();
  });

  it('shows a booking made on one process in the other\'s listing and slots within a second', async () => {
    const [member] = await fastMembers(test.db, 1, NOW);
    await warm(b);
    expect((await listed(b))?.booked_spaces).toBe(0);
    expect(await freeSlots(b)).toContain('10:15');

    const consent = await getJson<{ consent_id: string }>(a.app, '/api/medical/consent', sendJson(member!.token, { ...validConsent(), eventId: event.event_id }));
    const booked = await getJson(a.app, '/api/appointments', sendJson(member!.token, { eventId: event.event_id, appointmentStartTime: '10:15', consentId: consent.body.consent_id }));
    expect(booked.status).toBe(201);

    await within(WITHIN_MS, async () => {
      expect((await listed(b))?.booked_spaces).toBe(1);
      expect(await freeSlots(b)).not.toContain('10:15');
    });
  });

  it('shows a staff edit made on one process in the other\'s listing and slots within a second', async () => {
    await warm(b);
    expect((await listed(b))?.event_name).toBe('Shared');
    expect(await freeSlots(b)).toContain('11:45');

    const edited = await getJson(a.app, `/api/staff/events/${event.event_id}`, sendJson(staff.token, { ...FIELDS, event_name: 'Shared, shorter', end_time: '11:00' }, 'PUT'));
    expect(edited.status).toBe(200);

    await within(WITHIN_MS, async () => {
      expect((await listed(b))?.event_name).toBe('Shared, shorter');
      expect(await freeSlots(b)).not.toContain('11:45');
    });
  });

  it('shows a write by another client (psql, a script) on every process within a second', async () => {
    for (const p of [a, b]) {
      await warm(p);
      expect((await listed(p))?.booked_spaces).toBe(0);
    }

    await takePlaces(test.db, event, ['10:30']);

    for (const p of [a, b]) {
      await within(WITHIN_MS, async () => {
        expect((await listed(p))?.booked_spaces).toBe(1);
        expect(await freeSlots(p)).not.toContain('10:30');
      });
    }
  });

  it('counts a write once it commits, and not one rolled back', async () => {
    await warm(b);
    await expect(test.db.transaction(async (tx) => {
      await tx.query("UPDATE events SET event_name = 'Never' WHERE event_id = $1::uuid", [event.event_id]);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    const version = b.db.changes.version;
    await new Promise((r) => setTimeout(r, 300));
    expect(b.db.changes.version).toBe(version);

    await test.db.transaction(async (tx) => {
      await tx.query("UPDATE events SET event_name = 'Committed' WHERE event_id = $1::uuid", [event.event_id]);
      await new Promise((r) => setTimeout(r, 300));
      // Not before the commit: the other process would rebuild from data it cannot see yet.
      expect(b.db.changes.version).toBe(version);
    });
    await within(WITHIN_MS, async () => expect((await listed(b))?.event_name).toBe('Committed'));
  });

  it('ignores writes in another schema of the same database', async () => {
    const other = await createTestDatabase('postgres');
    try {
      const version = b.db.changes.version;
      await replaceEvents(other.db, [makeEvent()]);
      await new Promise((r) => setTimeout(r, 300));
      expect(b.db.changes.version).toBe(version);
    } finally {
      await other.dispose();
    }
  });

  it('drops everything when its listening connection is killed, keeps nothing until it listens again, and reconnects', async () => {
    // A slow first retry, so writes can land while this process hears nothing.
    const c = await startProcess({ backoffMs: 1_500 });
    await warm(c);
    const killed = c.listener.backendPid;
    expect(killed).not.toBeNull();
    const [terminated] = await test.db.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [killed]);
    expect(terminated?.ok).toBe(true);
    await within(WITHIN_MS, async () => expect(c.listener.backendPid).toBeNull());

    // Unheard writes: each shows in the very next answer, as none is kept.
    await takePlaces(test.db, event, ['10:00']);
    expect((await listed(c))?.booked_spaces).toBe(1);
    await takePlaces(test.db, event, ['10:15']);
    expect((await listed(c))?.booked_spaces).toBe(2);
    expect(await freeSlots(c)).not.toContain('10:15');
    await takePlaces(test.db, event, ['10:30']);
    expect(await freeSlots(c)).not.toContain('10:30');

    await c.listener.listening();
    expect(c.listener.backendPid).not.toBe(killed);
    expect(c.db.changes.complete).toBe(true);
    await warm(c);
    await takePlaces(test.db, event, ['10:45']);
    await within(WITHIN_MS, async () => {
      expect((await listed(c))?.booked_spaces).toBe(4);
      expect(await freeSlots(c)).not.toContain('10:45');
    });
  });
});
