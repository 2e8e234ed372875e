/**
 * Password hashing with bcrypt (bcryptjs: pure JavaScript, so no native
 * build, which npm here refuses to run). bcrypt is what Supabase Auth
 * stores, so hashes move to a hosted project unchanged. bcrypt reads at
 * most 72 bytes; longer passwords are refused rather than silently cut.
 */
import bcrypt from 'bcryptjs';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;
const COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

// Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
const NO_USER_HASH = bcrypt.hashSync('no such user', COST);

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash ?? NO_USER_HASH);
  return ok && hash !== null;
}
