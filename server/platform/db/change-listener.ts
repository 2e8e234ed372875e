/**
 * Hears other processes' writes over PostgreSQL. Several server processes
 * may share one PostgreSQL, and scripts or psql may write to it too; each
 * statement that changes events or appointments sends a notice on
 * DATA_CHANGES_CHANNEL, delivered when its transaction commits (migration
 * 620). Each process holds one connection of its own, outside the pool,
 * that LISTENs there and reports every notice for its schema to
 * DataChanges, so the ready answers of every process are dropped within
 * moments of the commit.
 *
 * A notice sent while that connection is down is lost for good, so losing
 * it drops everything at once and keeps nothing (DataChanges.complete is
 * false) until LISTEN is in place again; it reconnects with backoff. A
 * connection that goes quiet without closing (a network cut) is caught by
 * a periodic round trip.
 *
 * PGlite needs none of this: it allows one process (the DATA_DIR lock),
 * whose every write data-changes.ts already sees.
 */
import pg from 'pg';
import { silentLogger, type Logger } from '../logger';
import type { DataChanges } from './data-changes';
import { connectionConfig } from './postgres';

/** The channel migration 620's trigger notifies; the payload is the written table's schema. */
export const DATA_CHANGES_CHANNEL = 'data_changes';

/**
 * Names the connection in pg_stat_activity, so an operator can tell it from
 * the pool's: DATABASE_URL's application_name (which would otherwise win
 * over ours) followed by "change listener", or this when the URL names none.
 */
const NAME_THIS_CONNECTION = `set_config('application_name',
  coalesce(nullif(current_setting('application_name'), '') || ' change listener', 'chaps change listener'), false)`;

export interface ChangeListenerOptions {
  url: string;
  /** The schema the pool works in (tests); otherwise the connection's own search_path decides. */
  schema?: string;
  logger?: Logger;
  /** First wait before reconnecting, doubled on each failure up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the quiet connection is checked with a round trip, and how long that may take. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

export interface ChangeListener {
  /** Resolves once LISTEN is in place (at once when it is). */
  listening(): Promise<void>;
  /** The listening connection's server process id, while there is one. */
  readonly backendPid: number | null;
  /** Stops listening for good; changes made elsewhere go unheard from then on. */
  stop(): Promise<void>;
}

const DEFAULTS = { backoffMs: 100, maxBackoffMs: 10_000, heartbeatMs: 15_000, heartbeatTimeoutMs: 5_000 };

export function listenForChanges(changes: DataChanges, options: ChangeListenerOptions): ChangeListener {
  const { url, schema, logger = silentLogger } = options;
  const { backoffMs, maxBackoffMs, heartbeatMs, heartbeatTimeoutMs } = { ...DEFAULTS, ...options };
  let stopped = false;
  let client: pg.Client | null = null;
  let backendPid: number | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let waiters: Array<() => void> = [];

  // Nothing may be kept until LISTEN is in place.
  changes.setComplete(false);

  function connect(): void {
    retry = undefined;
    if (stopped) return;
    const connection = new pg.Client({ ...connectionConfig(url, schema), keepAlive: true });
    client = connection;
    let ended = false;
    let ownSchema: string | null = null;

    const lost = (error?: unknown) => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      if (client === connection) {
        client = null;
        backendPid = null;
      }
      void connection.end().catch(() => {});
      if (stopped) return;
      // Whatever was sent meanwhile is gone: assume everything changed.
      changes.setComplete(false);
      if (failures === 0) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn(`Lost the connection that hears other processes' writes (${reason}); ready answers dropped until it is back`);
      }
      failures += 1;
      const wait = Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1));
      retry = setTimeout(connect, wait * (0.75 + Math.random() / 4));
      retry.unref();
    };

    // An idle client that loses its server emits 'error' (and then 'end'); unhandled, it would crash the process.
    connection.on('error', lost);
    connection.on('end', () => lost(new Error('connection ended')));
    connection.on('notification', (notice) => {
      if (notice.channel === DATA_CHANGES_CHANNEL && notice.payload === ownSchema) changes.changedElsewhere();
    });

    void (async () => {
      try {
        await connection.connect();
        const [row] = (
          await connection.query<{ schema: string; pid: number }>(`SELECT current_schema() AS schema, pg_backend_pid() AS pid, ${NAME_THIS_CONNECTION}`)
        ).rows;
        ownSchema = row?.schema ?? null;
        await connection.query(`LISTEN ${DATA_CHANGES_CHANNEL}`);
        if (ended || stopped) return;
        backendPid = row?.pid ?? null;
        if (failures > 0) logger.info(`Hearing other processes' writes again (after ${failures} failed attempt${failures === 1 ? '' : 's'})`);
        failures = 0;
        // Anything built while notices could be missed is dropped here too.
        changes.setComplete(true);
        for (const wake of waiters) wake();
        waiters = [];
        heartbeat = setInterval(() => void check(connection, lost), heartbeatMs);
        heartbeat.unref();
      } catch (error) {
        lost(error);
      }
    })();
  }

  async function check(connection: pg.Client, lost: (error?: unknown) => void): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${heartbeatTimeoutMs} ms`)), heartbeatTimeoutMs);
    });
    try {
      await Promise.race([connection.query('SELECT 1'), timeout]);
    } catch (error) {
      lost(error);
    } finally {
      clearTimeout(timer);
    }
  }

  connect();

  return {
    listening: () => (backendPid !== null ? Promise.resolve() : new Promise((wake) => waiters.push(wake))),
    get backendPid() {
      return backendPid;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      changes.setComplete(false);
      const connection = client;
      client = null;
      backendPid = null;
      await connection?.end().catch(() => {});
    },
  };
}
