/**
 * Password hashing: argon2id through @node-rs/argon2, a native addon shipped
 * prebuilt (no install script). Parameters are OWASP's argon2id baseline
 * (19 MiB, 2 passes, 1 lane). Accounts made before keep their bcrypt hash
 * until their next sign-in, which verifies it (with bcryptjs, in the same worker threads) and
 * stores an argon2id hash instead. Supabase Auth verifies both forms, so
 * hashes still move to a hosted project. Passwords are capped at 72 bytes
 * as GoTrue caps them.
 *
 * Hashing runs on a pool of its own (tinypool worker threads,
 * password-worker.mjs), never on libuv's shared 4-thread pool: there a burst
 * of sign-ins queued the site's file reads and gzip behind 200 hashes and
 * `/` took 3.4 s (docs/benchmarks.md#a-burst-of-sign-ins-beside-the-floor).
 * The pool has half the machine's cores (at least one) and a bounded queue;
 * when the queue is full a sign-in is answered at once with 429 and Retry-After
 * instead of waiting its turn for seconds.
 */
import type { Algorithm, Options } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import { tooManyAttempts } from './auth-error';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

// Algorithm is a const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Threads hashing at once: half the cores, so the main thread keeps one to answer pages on a 2-core machine. */
export const PASSWORD_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));
/** Hashes waiting per thread before sign-ins are turned away: about two to three seconds of work each. */
export const PASSWORD_QUEUE_PER_THREAD = 48;

let pool: Tinypool | undefined;

function passwordPool(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL('./password-worker.mjs', import.meta.url).href,
    name: 'hash',
    minThreads: 0,
    maxThreads: PASSWORD_THREADS,
    maxQueue: PASSWORD_THREADS * PASSWORD_QUEUE_PER_THREAD,
    // Idle threads end after a minute; the first sign-in after that starts one (about 30 ms).
    idleTimeout: 60_000,
  });
  return pool;
}

/** Stops the pool's threads (server shutdown, tests). The next call starts a new pool. */
export async function closePasswordPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}

/** The 429 a sign-in gets when the pool cannot take it now, from the pool's queue or from the admission gate before it (password-gate.ts). */
export const poolBusy = () => tooManyAttempts('over_request_rate_limit', 2, 'Too many people are signing in at once.');

async function inPool<T>(name: 'hash' | 'verify' | 'verifyBcrypt', task: Record<string, unknown>): Promise<T> {
  const running = passwordPool();
  if (running.queueSize >= running.options.maxQueue) throw poolBusy();
  try {
    return (await running.run(task, { name })) as T;
  } catch (error) {
    if (error instanceof Error && error.message === 'Task queue is at limit') throw poolBusy();
    throw error;
  }
}

export const hashPassword = (password: string) => inPool<string>('hash', { password, options: OPTIONS });

const isBcrypt = (stored: string) => /^\$2[abxy]?\$/.test(stored);
export const isCurrentHash = (stored: string) => stored.startsWith('$argon2id$');

// Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
let noUserHash: Promise<string> | undefined;

/**
 * Whether `password` matches the stored hash (argon2id or an older bcrypt
 * one); false for no user. Throws the 429 AuthApiError when the pool's
 * queue is full.
 */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    noUserHash ??= hashPassword('no such user').catch((error: unknown) => {
      noUserHash = undefined;
      throw error;
    });
    await inPool<boolean>('verify', { password, stored: await noUserHash });
    return false;
  }
  try {
    return await inPool<boolean>(isBcrypt(stored) ? 'verifyBcrypt' : 'verify', { password, stored });
  } catch (error) {
    if (error instanceof Error && error.name === 'AuthApiError') throw error;
    // A hash this server cannot read matches nothing.
    return false;
  }
}
