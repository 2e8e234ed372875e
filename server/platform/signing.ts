/**
 * HMAC signatures for what the server hands out and must later believe:
 * access grants for private events, /test-consent links and one-click
 * unsubscribe links, and the ECDSA signature of tickets. One secret, LINK_SIGNING_SECRET when set, otherwise
 * generated once and kept in the database so every server process (and
 * the consent-link script) signs alike. Each purpose gets its own key derived from it, so a signature made
 * for one purpose is never valid for another.
 */
import { createHmac, randomBytes, sign as signBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from './db/adapter';
import { deriveP256, type P256Pair } from './p256';

const SECRET_SETTING = 'link_signing_secret';

export type SigningPurpose = 'access-grant' | 'test-consent' | 'unsubscribe' | 'waiting-list-offer';

export interface Signer {
  sign(purpose: SigningPurpose, data: string): Promise<string>;
  /** Constant-time check of a signature made by sign(), in exactly the spelling sign() gave. */
  verify(purpose: SigningPurpose, data: string, signature: string): Promise<boolean>;
  /**
   * The ECDSA P-256 signature (64 bytes, r||s as WebCrypto reads it) of a
   * ticket's payload (src/domain/ticket.ts), by a key derived from the same
   * secret; only its public half leaves the server.
   */
  signTicket(payload: Uint8Array): Promise<Uint8Array>;
  /** The public key that checks signTicket's signatures, as a JWK. */
  ticketPublicKey(): Promise<JsonWebKey>;
}

/** The stored secret, created by the first caller; the first writer wins. */
export async function storedSigningSecret(db: Queryable): Promise<string> {
  await db.query('INSERT INTO auth_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SECRET_SETTING,
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM auth_settings WHERE name = $1', [SECRET_SETTING]);
  if (!row) throw new Error('The link signing secret could not be stored');
  return row.value;
}

export function signerFromSecret(secret: string): Signer {
  const keys = new Map<SigningPurpose, Buffer>();
  const keyFor = (purpose: SigningPurpose) => {
    let key = keys.get(purpose);
    if (!key) {
      key = createHmac('sha256', secret).update(`chaps:${purpose}`).digest();
      keys.set(purpose, key);
    }
    return key;
  };
  const mac = (purpose: SigningPurpose, data: string) => createHmac('sha256', keyFor(purpose)).update(data).digest();
  let ticketKeys: P256Pair | undefined;
  const tickets = () => (ticketKeys ??= deriveP256(secret, 'chaps-ticket-signing', 'es256'));
  return {
    signTicket: async (payload) => new Uint8Array(signBytes('sha256', payload, { key: tickets().privateKey, dsaEncoding: 'ieee-p1363' })),
    ticketPublicKey: async () => ({ ...tickets().publicCoordinates, alg: 'ES256', key_ops: ['verify'] }),
    sign: async (purpose, data) => mac(purpose, data).toString('base64url'),
    async verify(purpose, data, signature) {
      // The text is compared, not its decoding: Buffer decodes base64url leniently (padding, '+' for '-',
      // stray characters, the last character's unused bits), so several spellings would decode alike.
      const expected = Buffer.from(mac(purpose, data).toString('base64url'));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * A signer over the configured secret, or the stored one. The stored secret
 * is read once and reused: it never changes after it is first written.
 */
export function createSigner(db: Queryable, configured: string | undefined): Signer {
  let signer: Promise<Signer> | null = configured ? Promise.resolve(signerFromSecret(configured)) : null;
  const load = () => {
    if (!signer) {
      signer = storedSigningSecret(db).then(signerFromSecret);
      signer.catch(() => {
        signer = null;
      });
    }
    return signer;
  };
  return {
    sign: async (purpose, data) => (await load()).sign(purpose, data),
    verify: async (purpose, data, signature) => (await load()).verify(purpose, data, signature),
    signTicket: async (payload) => (await load()).signTicket(payload),
    ticketPublicKey: async () => (await load()).ticketPublicKey(),
  };
}
