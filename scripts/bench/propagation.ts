/**
 * How soon a write on one server process shows on another: two real
 * servers over one fresh PostgreSQL database, each keeping its ready
 * answers in memory and dropping them on the other's writes (NOTIFY,
 * server/platform/db/change-listener.ts). Process B's listing is first read twice
 * (the second time from memory), then a write is made and B's listing is read back
 * to back until it shows the write. Writes: a booking through process A
 * (POST /api/appointments), and an UPDATE by another client (as psql or a
 * script would). Writes the "A write seen by another process" section of
 * docs/benchmarks.md.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { CONSENT_VERSION } from '../../src/domain/consent.ts';
import type { ScreeningEvent } from '../../src/domain/event.ts';
import { addDays, londonDate } from '../../src/domain/london-time.ts';
import { slotTimes } from '../../src/domain/slots.ts';
import { signingSecret } from '../../server/modules/auth';
import { insertEvent } from '../../server/modules/events';
import { migrate } from '../../server/platform/db/migrate.ts';
import { openPostgres } from '../../server/platform/db/postgres.ts';
import { fastMembers, validConsent, type FastMember } from '../../tests/fixtures/bookings.ts';
import { makeEvent } from '../../tests/fixtures/events.ts';
import type { BenchDatabase } from './postgres.ts';
import type { RunningServer } from './server.ts';
import { withSection } from './sections.ts';

export const PROPAGATION = { SAMPLES: 20, GIVE_UP_MS: 90_000 } as const;

export interface PropagationRun {
  write: string;
  /** Per sample: ms from the write being sent until B's listing showed it. */
  fromSentMs: number[];
  /** Per sample: ms from the write's answer (A's 201, the UPDATE's return) until B showed it; 0 when B showed it first. */
  fromAnswerMs: number[];
  /** Samples B never showed within GIVE_UP_MS. */
  missed: number;
}

export interface PropagationBench {
  runs: PropagationRun[];
  note?: string;
}

export interface PropagationDeps {
  tempDataDir(): string;
  /** Runs `fn` against a server started with these settings (DATA_DIR, DATABASE_URL, ...). */
  withServer<T>(env: Record<string, string | undefined>, fn: (server: RunningServer) => Promise<T>): Promise<T>;
  createDatabase(): Promise<BenchDatabase | null>;
  step(text: string): void;
}

interface Plan {
  eventId: string;
  bookings: { member: FastMember; body: { eventId: string; appointmentStartTime: string; consentId: string } }[];
  secret: string;
}

/** One free event with a one-place slot per sample, a member and consent per slot, written before the servers start. */
async function prepare(url: string): Promise<Plan> {
  const db = await openPostgres(url);
  try {
    await migrate(db);
    const now = new Date();
    const eventDate = addDays(londonDate(now), 10);
    const event = makeEvent({ event_name: 'Propagation', event_date: eventDate, start_time: '09:00', end_time: '17:00', session_duration: 15, total_spaces: 32, places_per_slot: 1 });
    const eventId = await insertEvent(db, event);
    const slots = slotTimes(event.start_time, event.end_time, event.session_duration).slice(0, PROPAGATION.SAMPLES);
    const members = await fastMembers(db, slots.length, now);
    const consents = await db.query<{ consent_id: string; profile_id: number }>(
      `INSERT INTO consents (profile_id, event_id, psa_test_date, answers, consent_version, source)
       SELECT unnest($1::integer[]), $2::uuid, $3::date, $4::jsonb, $5, 'booking'
       RETURNING consent_id::text AS consent_id, profile_id`,
      [members.map((m) => m.profileId), eventId, eventDate, JSON.stringify(validConsent()), CONSENT_VERSION],
    );
    const consentOf = new Map(consents.map((c) => [c.profile_id, c.consent_id]));
    const bookings = members.map((member, i) => ({
      member,
      body: { eventId, appointmentStartTime: slots[i]!, consentId: consentOf.get(member.profileId)! },
    }));
    return { eventId, bookings, secret: await signingSecret(db, undefined) };
  } finally {
    await db.close();
  }
}

/** The event in a listing read as a browser reads it (gzip, so from node:http's fast path when kept). */
function listed(baseUrl: string, eventId: string): Promise<ScreeningEvent | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/events`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          const body = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          resolve((JSON.parse(text) as { events: ScreeningEvent[] }).events.find((e) => e.event_id === eventId));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads B's listing back to back until `shows` holds; resolves to the moment it did, or null on giving up. */
async function seenAt(baseUrl: string, eventId: string, shows: (event: ScreeningEvent | undefined) => boolean, since: number): Promise<number | null> {
  while (performance.now() - since < PROPAGATION.GIVE_UP_MS) {
    if (shows(await listed(baseUrl, eventId))) return performance.now();
  }
  return null;
}

/** Waits until both servers hold their LISTEN connection (main.ts starts it without waiting). */
async function bothListening(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'chaps change listener'",
    );
    if ((rows[0]?.n ?? 0) >= 2) return;
    if (Date.now() > deadline) throw new Error('the servers did not start listening for changes within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function sample(
  run: PropagationRun,
  b: RunningServer,
  eventId: string,
  write: () => Promise<void>,
  shows: (event: ScreeningEvent | undefined) => boolean,
): Promise<void> {
  // Twice: the second read is the kept answer a busy process serves.
  await listed(b.baseUrl, eventId);
  await listed(b.baseUrl, eventId);
  const sent = performance.now();
  const seen = seenAt(b.baseUrl, eventId, shows, sent);
  await write();
  const answered = performance.now();
  const at = await seen;
  if (at === null) {
    run.missed += 1;
    return;
  }
  run.fromSentMs.push(at - sent);
  run.fromAnswerMs.push(Math.max(0, at - answered));
}

export async function runPropagation(deps: PropagationDeps): Promise<PropagationBench> {
  deps.step(`A write seen by another process: two servers over PostgreSQL, ${PROPAGATION.SAMPLES} samples per kind of write`);
  const database = await deps.createDatabase();
  if (!database) return { runs: [], note: 'PostgreSQL did not answer' };
  try {
    const plan = await prepare(database.url);
    const env = () => ({ DATA_DIR: deps.tempDataDir(), DATABASE_URL: database.url, SEED_DEMO: 'false', AUTH_JWT_SECRET: plan.secret });
    return await deps.withServer(env(), (a) =>
      deps.withServer(env(), async (b) => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          await bothListening(client);
          const booking: PropagationRun = { write: 'booking through process A', fromSentMs: [], fromAnswerMs: [], missed: 0 };
          for (const [i, { member, body }] of plan.bookings.entries()) {
            await sample(booking, b, plan.eventId, async () => {
              const res = await fetch(`${a.baseUrl}/api/appointments`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
                body: JSON.stringify(body),
              });
              if (res.status !== 201) throw new Error(`booking ${i + 1} was answered ${res.status}: ${await res.text()}`);
            }, (event) => event?.booked_spaces === i + 1);
          }
          const update: PropagationRun = { write: 'UPDATE by another client', fromSentMs: [], fromAnswerMs: [], missed: 0 };
          for (let i = 0; i < PROPAGATION.SAMPLES; i += 1) {
            const name = `Propagation ${i + 1}`;
            await sample(update, b, plan.eventId, async () => {
              await client.query('UPDATE events SET event_name = $1 WHERE event_id = $2::uuid', [name, plan.eventId]);
            }, (event) => event?.event_name === name);
          }
          for (const run of [booking, update]) console.log(`${run.write}: ${summary(run)}`);
          return { runs: [booking, update] };
        } finally {
          await client.end();
        }
      }),
    );
  } finally {
    await database.drop();
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const max = (values: readonly number[]) => (values.length ? Math.max(...values) : NaN);
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`);

function summary(run: PropagationRun): string {
  return `median ${ms(percentile(run.fromAnswerMs, 50))} after the answer, max ${ms(max(run.fromAnswerMs))}; ${run.missed} never seen`;
}

const TITLE = '## A write seen by another process';

export function propagationSection(bench: PropagationBench, context: { date: string; command: string; loadAverage: number; commit: string }): string {
  const rows = bench.note
    ? [`| - | - | - | - | - | - | - | skipped: ${bench.note} |`]
    : bench.runs.map((r) => {
        const samples = r.fromSentMs.length + r.missed;
        return `| ${r.write} | ${samples} | ${ms(percentile(r.fromAnswerMs, 50))} | ${ms(percentile(r.fromAnswerMs, 90))} | ${ms(max(r.fromAnswerMs))} | ${ms(percentile(r.fromSentMs, 50))} | ${ms(max(r.fromSentMs))} | ${r.missed} |`;
      });
  return `${TITLE}

Two server processes (\`NODE_ENV=production\`) over one fresh PostgreSQL
database on this machine, each keeping its ready answers in memory. For
each sample, process B's \`GET /api/events\` (gzip, as a browser asks) is
read twice (the second time from memory), then a write is made and B's
listing is read back to back until it shows the write. The writes: a
booking through process A (\`POST /api/appointments\`; members, consents
and the event are written before the servers start), and an \`UPDATE\` of
the event by another client, as psql or a script would. "After the answer"
counts from A's 201 or the \`UPDATE\`'s return (0 when B showed the write
first); "after sending" from when the write was sent. Goal: within 1 s.
Each process drops its answers when the write's \`NOTIFY\` arrives
(server/platform/db/change-listener.ts); without it, B kept showing the old
listing until its minute ran out (up to 60 s).

Measured ${context.date} at commit ${context.commit} with \`${context.command}\`
(load average ${context.loadAverage.toFixed(2)} at the start).

| write | samples | after the answer, median | p90 | max | after sending, median | max | never seen (${PROPAGATION.GIVE_UP_MS / 1000} s) |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}

/** `text` with its propagation section replaced by `section` (or added at the end). */
export const withPropagationSection = (text: string, section: string): string => withSection(text, TITLE, section);
