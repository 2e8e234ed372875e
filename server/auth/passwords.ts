/**
 * Password hashing: argon2id through @node-rs/argon2, a native addon shipped
 * prebuilt (no install script), whose hash and verify run on libuv's thread
 * pool, so a burst of sign-ins no longer stalls every other request on the
 * main thread as bcryptjs did. Parameters are OWASP's argon2id baseline
 * (19 MiB, 2 passes, 1 lane). Accounts made before keep their bcrypt hash
 * until their next sign-in, which verifies it (also off the main thread,
 * with @node-rs/bcrypt) and stores an argon2id hash instead. Supabase Auth
 * verifies both forms, so hashes still move to a hosted project.
 * Passwords are capped at 72 bytes as GoTrue caps them.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

// Algorithm is a const enum, which isolatedModules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

const isBcrypt = (stored: string) => /^\$2[abxy]?\$/.test(stored);
export const isCurrentHash = (stored: string) => stored.startsWith('$argon2id$');

// Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
let noUserHash: Promise<string> | undefined;

/** Whether `password` matches the stored hash (argon2id or an older bcrypt one); false for no user. */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await verify(await (noUserHash ??= hashPassword('no such user')), password);
    return false;
  }
  try {
    return isBcrypt(stored) ? await verifyBcrypt(password, stored) : await verify(stored, password);
  } catch {
    // A hash this server cannot read matches nothing.
    return false;
  }
}
