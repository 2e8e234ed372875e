/**
 * Runs in the password pool's worker threads (server/modules/auth/passwords.ts).
 * Plain JavaScript so that a worker needs no TypeScript loader, whatever
 * started the process (tsx, vitest). Each call is synchronous inside its
 * own thread: the work never touches libuv's shared thread pool, which the
 * main thread's file reads, DNS and compression use.
 */
import { hashSync, verifySync } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * Hashing yields the CPU to the main thread. A hash is about 20 ms of one
 * core and walks 19 MiB of memory; on a 2-core machine the pool's thread,
 * the main thread and everything else share the cores, and at equal
 * priority a burst of sign-ins took the main thread's turns while pages and
 * /api/health waited. At nice 19 a runnable main thread (nice 0) is given
 * almost all of a core they share, and hashing uses every moment the
 * machine leaves idle. The price is paid by sign-ins, never pages: on a
 * machine whose cores are all busy answering, a hash waits for a gap, and
 * the pool's bounded queue turns the excess away with 429 (passwords.ts).
 * Linux gives each thread its own niceness, named by its thread id
 * (/proc/thread-self); elsewhere the thread keeps the process's.
 */
export const HASHING_NICENESS = 19;
// Only in a pool thread: a module that imports this one on the main thread (a test) must not slow its own thread.
if (!isMainThread) lowerThisThreadsPriority();

function lowerThisThreadsPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId)) setPriority(threadId, HASHING_NICENESS);
  } catch {
    // No /proc (macOS, Windows) or not allowed: the thread runs at the process's priority.
  }
}

/** @param {{ password: string, options: import('@node-rs/argon2').Options }} task */
export function hash({ password, options }) {
  return hashSync(password, options);
}

/** @param {{ password: string, stored: string }} task */
export function verify({ password, stored }) {
  return verifySync(stored, password);
}

/** @param {{ password: string, stored: string }} task */
export function verifyBcrypt({ password, stored }) {
  return bcrypt.compareSync(password, stored);
}
