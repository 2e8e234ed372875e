/**
 * Booking under contention against the real server: the scenario of
 * tests/fixtures/contention.ts (500 members, one 20-place event, 100 of
 * them on one slot) is written into the database before the server starts
 * (PGlite's DATA_DIR has one owner at a time), then every member's POST
 * /api/appointments is sent at once over HTTP. Reported: the time until
 * the last answer, successes, refusals, server errors, and whether any
 * slot was booked twice.
 */
import { addDays, londonDate } from '../../src/domain/london-time.ts';
import type { Database } from '../../server/db/adapter.ts';
import { migrate } from '../../server/db/migrate.ts';
import { signingSecret } from '../../server/auth/secrets.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { BenchDatabase } from './postgres.ts';
import type { RunningServer } from './server.ts';
import { CONTENTION, prepareContention, type ContentionAttempt } from '../../tests/fixtures/contention.ts';

export interface ContentionRun {
  database: string;
  attempts: number;
  places: number;
  /** From the first request sent to the last answer received. */
  settleMs: number;
  succeeded: number;
  /** 409 slot_taken / fully_booked: the expected answer for the rest. */
  refused: number;
  /** Any other status (5xx included). */
  unexpected: number;
  /** Requests that got no HTTP answer at all. */
  networkErrors: number;
  /** Distinct slots among the successes; equal to `succeeded` when no slot went twice. */
  distinctSlots: number;
  note?: string;
}

/**
 * Writes the scenario into `db` (then closed); resolves to the requests to
 * send and the secret their tokens are signed with, which the server must
 * be started with (production takes it from AUTH_JWT_SECRET; without it
 * every request was refused with 401).
 */
export async function prepareContentionData(db: Database): Promise<{ attempts: ContentionAttempt[]; secret: string }> {
  try {
    await migrate(db);
    const now = new Date();
    const { attempts } = await prepareContention(db, now, addDays(londonDate(now), 10));
    return { attempts, secret: await signingSecret(db, undefined) };
  } finally {
    await db.close();
  }
}

export async function fireContention(baseUrl: string, database: string, attempts: ContentionAttempt[]): Promise<ContentionRun> {
  const started = performance.now();
  const answers = await Promise.all(
    attempts.map(async ({ member, body }) => {
      try {
        const res = await fetch(`${baseUrl}/api/appointments`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(120_000),
        });
        const json = (await res.json().catch(() => ({}))) as { appointment?: { start_time?: string } };
        return { status: res.status, slot: json.appointment?.start_time };
      } catch {
        return { status: 0, slot: undefined };
      }
    }),
  );
  const settleMs = performance.now() - started;
  const ok = answers.filter((a) => a.status === 201);
  return {
    database,
    attempts: attempts.length,
    places: CONTENTION.PLACES,
    settleMs,
    succeeded: ok.length,
    refused: answers.filter((a) => a.status === 409).length,
    unexpected: answers.filter((a) => a.status !== 0 && a.status !== 201 && a.status !== 409).length,
    networkErrors: answers.filter((a) => a.status === 0).length,
    distinctSlots: new Set(ok.map((a) => a.slot)).size,
  };
}

export interface ContentionDeps {
  tempDataDir(): string;
  /** Runs `fn` against a server started with these settings (DATA_DIR, DATABASE_URL, ...). */
  withServer<T>(env: Record<string, string | undefined>, fn: (server: RunningServer) => Promise<T>): Promise<T>;
  /** A fresh PostgreSQL database, or null when none answers. */
  createDatabase(): Promise<BenchDatabase | null>;
  step(text: string): void;
}

/** The scenario on PGlite, then on PostgreSQL (skipped with a note when it does not answer). */
export async function runContention(deps: ContentionDeps): Promise<ContentionRun[]> {
  const runs: ContentionRun[] = [];
  const report = (run: ContentionRun) => {
    console.log(`${run.database}: ${run.succeeded} booked of ${run.attempts} in ${(run.settleMs / 1000).toFixed(2)} s; ${run.refused} refused, ${run.unexpected} other, ${run.networkErrors} unanswered`);
    runs.push(run);
  };

  deps.step(`Booking contention on PGlite: ${CONTENTION.MEMBERS} attempts for ${CONTENTION.PLACES} places`);
  const dataDir = deps.tempDataDir();
  const pglite = await prepareContentionData(await openPglite(dataDir));
  await deps.withServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', AUTH_JWT_SECRET: pglite.secret }, async (server) =>
    report(await fireContention(server.baseUrl, 'PGlite', pglite.attempts)),
  );

  deps.step(`Booking contention on PostgreSQL: ${CONTENTION.MEMBERS} attempts for ${CONTENTION.PLACES} places`);
  const database = await deps.createDatabase();
  if (!database) {
    runs.push({ database: 'PostgreSQL', attempts: 0, places: CONTENTION.PLACES, settleMs: 0, succeeded: 0, refused: 0, unexpected: 0, networkErrors: 0, distinctSlots: 0, note: 'PostgreSQL did not answer' });
    return runs;
  }
  try {
    const postgres = await prepareContentionData(await openPostgres(database.url));
    await deps.withServer({ DATA_DIR: deps.tempDataDir(), DATABASE_URL: database.url, SEED_DEMO: 'false', AUTH_JWT_SECRET: postgres.secret }, async (server) =>
      report(await fireContention(server.baseUrl, 'PostgreSQL', postgres.attempts)),
    );
  } finally {
    await database.drop();
  }
  return runs;
}

const TITLE = '## Booking under contention';

export function contentionSection(runs: ContentionRun[], context: { date: string; command: string; loadAverage: number; commit: string }): string {
  const rows = runs.map((r) =>
    r.note
      ? `| ${r.database} | - | - | - | - | - | - | - | skipped: ${r.note} |`
      : `| ${r.database} | ${r.attempts} | ${r.places} | ${(r.settleMs / 1000).toFixed(2)} s | ${r.succeeded} | ${r.refused} | ${r.unexpected} | ${r.networkErrors} | ${r.distinctSlots === r.succeeded ? 'none' : `${r.succeeded - r.distinctSlots} slot(s) twice`} |`,
  );
  return `${TITLE}

${CONTENTION.MEMBERS} signed-in members send \`POST /api/appointments\` at the same moment for one
free event with ${CONTENTION.PLACES} places (${CONTENTION.PLACES} slots of one place; ${CONTENTION.HOT_SLOT_MEMBERS} of the members aim at the first
slot, the rest are spread over all of them), over HTTP to the real server
(\`NODE_ENV=production\`) on this machine. Members, profiles, sessions and
consents are written into the database before the server starts. "Settle"
is the time from the first request sent until the last answer arrived;
each success also writes its confirmation email with the \`.ics\` to the
outbox. Expected: exactly ${CONTENTION.PLACES} successes, every other answer 409
(\`slot_taken\` or \`fully_booked\`), no other status, no slot twice.

Measured ${context.date} at commit ${context.commit} with \`${context.command}\`
(load average ${context.loadAverage.toFixed(2)} at the start).

| database | attempts | places | settle | 201 | 409 | other status | no answer | slot booked twice |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}

/** `text` with its contention section replaced by `section` (or added at the end). */
export function withContentionSection(text: string, section: string): string {
  const parts = text.split(/\n(?=## )/);
  const index = parts.findIndex((p) => p.startsWith(TITLE));
  if (index === -1) return `${text.trimEnd()}\n\n${section}`;
  parts[index] = section.trimEnd() + (index === parts.length - 1 ? '\n' : '\n');
  return parts.join('\n');
}
