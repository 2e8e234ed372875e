/**
 * Runs in the password pool's worker threads (server/auth/passwords.ts).
 * Plain JavaScript so that a worker needs no TypeScript loader, whatever
 * started the process (tsx, vitest). Each call is synchronous inside its
 * own thread: the work never touches libuv's shared thread pool, which the
 * main thread's file reads, DNS and compression use.
 */
import { hashSync, verifySync } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

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
