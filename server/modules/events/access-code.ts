/**
 * Private events' access codes. Only a salted scrypt hash is stored; the
 * code itself is shown once (the seed prints it) and compared in constant
 * time. Codes are read case-insensitively and ignore spaces and dashes, so
 * "abcd efgh" matches "ABCD-EFGH".
 */
import { randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;
// No 0/O, 1/I/L: a code read aloud or copied from paper survives.
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function normalise(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** A random code like "K7QM-3XPA". */
export function generateAccessCode(): string {
  const pick = () => READABLE[randomInt(READABLE.length)];
  const group = () => Array.from({ length: 4 }, pick).join('');
  return `${group()}-${group()}`;
}

export async function hashAccessCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(normalise(code), salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyAccessCode(code: string, stored: string): Promise<boolean> {
  const [scheme, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(normalise(code), Buffer.from(saltText, 'base64'), expected.length);
  return expected.length === KEY_LENGTH && timingSafeEqual(actual, expected);
}
