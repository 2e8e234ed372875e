/**
 * Two real server processes (server/main.ts) over one PostgreSQL schema,
 * read as browsers read them (gzip, so from the node:http fast path): a
 * booking on one, a write by another client, and a write while one's
 * listening connection is cut all show on the other within a second; a
 * reader asking for no gzip is served kept plain bytes, dropped as soon.
 * PostgreSQL only: PGlite allows one process.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../src/domain/event';
import { addDays, londonDate } from '../../src/domain/london-time';
import type { SlotsByDate } from '../../src/domain/slots';
import { fastMembers, takePlaces, validConsent } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { startServer, type RunningServer } from '../fixtures/server-process';

const WITHIN_MS = 1_000;
const MINUTE_MS = 60_000;

/** GET as a browser asks (gzip), unzipped. */
const getGzipJson = <T>(url: string) =>
  new Promise<T>((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        try {
          if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
          resolve(JSON.parse((res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8')) as T);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
    req.end();
  });

async function within(ms: number, check: () => Promise<void>): Promise<void> {
  const started = performance.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() - started > ms) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe.skipIf(!ENGINES.includes('postgres'))('two server processes over one PostgreSQL', () => {
  let test: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let names: { a: string; b: string };
  // Far enough ahead for every booking cut-off, on the servers' real clock.
  const event = makeEvent({ event_name: 'Two processes', event_date: addDays(londonDate(new Date()), 10), total_spaces: 8 });

  const listed = async (server: RunningServer) =>
    (await getGzipJson<{ events: ScreeningEvent[] }>(`${server.origin}/api/events`)).events.find((e) => e.event_id === event.event_id);
  const freeSlots = async (server: RunningServer) =>
    (await getGzipJson<SlotsByDate>(`${server.origin}/api/events/${event.event_id}/slots`))[event.event_date]?.availableTimeSlots ?? [];
  const listenerPids = async (name: string) =>
    (await test.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [`${name} change listener`])).map((r) => r.pid);

  /** Each server's DATABASE_URL: the test's schema, and a name to find its connections by. */
  function databaseUrl(name: string): string {
    const url = new URL(test.postgres!.url);
    url.searchParams.set('options', `-c search_path="${test.postgres!.schema}"`);
    url.searchParams.set('application_name', name);
    return url.toString();
  }

  /**
   * A kept answer lasts until its minute ends at most; a write early in the
   * minute shows that only the notice could have dropped it.
   */
  async function earlyInTheMinute(): Promise<void> {
    const into = Date.now() % MINUTE_MS;
    if (into > 55_000) await new Promise((r) => setTimeout(r, MINUTE_MS - into + 100));
  }

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    await replaceEvents(test.db, [event]);
    names = { a: `${test.postgres!.schema}_a`, b: `${test.postgres!.schema}_b` };
    const env = (name: string) => ({ NODE_ENV: 'development', SEED_DEMO: 'false', DATABASE_URL: databaseUrl(name) });
    [a, b] = await Promise.all([startServer(env(names.a)), startServer(env(names.b))]);
    await within(20_000, async () => {
      expect(await listenerPids(names.a)).toHaveLength(1);
      expect(await listenerPids(names.b)).toHaveLength(1);
    });
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await test?.dispose();
  });

  it('shows a booking made on one in the other\'s listing and slots within a second', async () => {
    const [member] = await fastMembers(test.db, 1, new Date());
    await earlyInTheMinute();
    expect((await listed(b))?.booked_spaces).toBe(0);
    expect(await freeSlots(b)).toContain('10:15');

    const post = (path: string, body: unknown) =>
      fetch(`${a.origin}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member!.token}` },
        body: JSON.stringify(body),
      });
    const consent = (await (await post('/api/medical/consent', { ...validConsent(), eventId: event.event_id })).json()) as { consent_id: string };
    const booked = await post('/api/appointments', { eventId: event.event_id, appointmentStartTime: '10:15', consentId: consent.consent_id });
    expect(booked.status, await booked.clone().text()).toBe(201);

    await within(WITHIN_MS, async () => {
      expect((await listed(b))?.booked_spaces).toBe(1);
      expect(await freeSlots(b)).not.toContain('10:15');
    });
  });

  it('shows a write by another client on both within a second', async () => {
    await earlyInTheMinute();
    for (const server of [a, b]) expect((await listed(server))?.event_name).toBe('Two processes');
    await test.db.query("UPDATE events SET event_name = 'Renamed in psql' WHERE event_id = $1::uuid", [event.event_id]);
    for (const server of [a, b]) await within(WITHIN_MS, async () => expect((await listed(server))?.event_name).toBe('Renamed in psql'));
  });

  it('keeps the plain bytes for a reader that asks for no gzip, and drops them on a write elsewhere within a second', async () => {
    const plain = async (server: RunningServer) => {
      const res = await fetch(`${server.origin}/api/events`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      const { events } = (await res.json()) as { events: ScreeningEvent[] };
      return { etag: res.headers.get('etag'), name: events.find((e) => e.event_id === event.event_id)?.event_name };
    };
    await earlyInTheMinute();
    const before = await plain(b);
    // Kept: its own ETag, the same on the next read.
    expect(before.etag).toMatch(/^".+"$/);
    expect((await plain(b)).etag).toBe(before.etag);
    await test.db.query("UPDATE events SET event_name = 'Renamed for plain readers' WHERE event_id = $1::uuid", [event.event_id]);
    await within(WITHIN_MS, async () => expect((await plain(b)).name).toBe('Renamed for plain readers'));
    expect((await plain(b)).etag).not.toBe(before.etag);
  });

  it('shows writes made while one\'s listening connection was cut, and hears again once it is back', async () => {
    await earlyInTheMinute();
    const before = (await listed(b))?.booked_spaces ?? 0;
    const [killed] = await listenerPids(names.b);
    await test.db.query('SELECT pg_terminate_backend($1)', [killed]);
    await takePlaces(test.db, event, ['11:00']);
    await within(WITHIN_MS, async () => {
      expect((await listed(b))?.booked_spaces).toBe(before + 1);
      expect(await freeSlots(b)).not.toContain('11:00');
    });

    await within(15_000, async () => {
      const pids = await listenerPids(names.b);
      expect(pids).toHaveLength(1);
      expect(pids).not.toContain(killed);
    });
    await earlyInTheMinute();
    expect((await listed(b))?.booked_spaces).toBe(before + 1);
    await takePlaces(test.db, event, ['11:15']);
    await within(WITHIN_MS, async () => {
      expect((await listed(b))?.booked_spaces).toBe(before + 2);
      expect(await freeSlots(b)).not.toContain('11:15');
    });
  });
});
