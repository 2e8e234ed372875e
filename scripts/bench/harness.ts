/**
 * The bench's housekeeping: the servers it starts (production settings on
 * the built site), the temporary data directories they use, and the
 * clean-up that removes both at the end of a run or on a signal, so an
 * interrupted bench leaves no server, directory or database behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { killAllServers, startServer, type RunningServer, type ServerOptions } from './server.ts';

export const STATIC_DIR = 'dist';

const cleanups: Array<() => Promise<void> | void> = [];

/** Runs `job` at clean-up (last registered, first run), unless it has run already. */
export function onCleanUp(job: () => Promise<void> | void): void {
  cleanups.push(job);
}

export async function cleanUp(): Promise<void> {
  killAllServers();
  while (cleanups.length) {
    const job = cleanups.pop();
    try {
      await job?.();
    } catch (error) {
      console.error('clean-up step failed:', error);
    }
  }
}

/** Kills the servers when the process exits, and cleans up on Ctrl-C or a stop signal. */
export function cleanUpOnExit(): void {
  process.on('exit', killAllServers);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping servers and cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(os.tmpdir(), 'chaps-bench-'));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const BENCH_SECRET = randomBytes(32).toString('base64url');

// Production refuses to start without mail, a public origin and a signing secret; the bench sends no
// mail and signs no one in, so a closed SMTP port and a throwaway secret will do.
export function serverEnv(extra: Record<string, string | undefined>): Record<string, string | undefined> {
  return {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    SMTP_URL: 'smtp://127.0.0.1:9',
    SITE_URL: 'http://localhost',
    AUTH_JWT_SECRET: BENCH_SECRET,
    PAYPAL_CLIENT_ID: 'AbCdEf0123456789-paypal',
    PAYPAL_CLIENT_SECRET: 'a-paypal-secret-value',
    PAYPAL_WEBHOOK_ID: 'BENCHWEBHOOK0000000000',
    STATIC_DIR,
    DATABASE_URL: undefined,
    ...extra,
  };
}

/** Runs `fn` against a server started with exactly these settings (undefined removes one). */
export async function withServer<T>(
  env: Record<string, string | undefined>,
  fn: (server: RunningServer) => Promise<T>,
  options?: ServerOptions,
): Promise<T> {
  const server = await startServer(env, options);
  onCleanUp(() => server.stop());
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}
