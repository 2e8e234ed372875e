/**
 * The access-token signing key: ES256, as hosted Supabase projects now
 * sign, so clients verify tokens locally against /.well-known/jwks.json
 * (supabase-js getClaims()) and the public key can be handed to anyone.
 *
 * The P-256 private key is derived from the signing secret (AUTH_JWT_SECRET,
 * or the one kept in the database) by HKDF, so every server process has the
 * same key without storing another secret, and changing the secret rotates
 * the key. Its kid is the RFC 7638 thumbprint of the public key.
 */
import type { KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { deriveP256 } from '../../platform/p256';

export interface SigningKeys {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** As published in the JWKS. */
  publicJwk: JWK;
  /** The HS256 key of tokens signed before ES256 (they live an hour at most). */
  legacyHmacKey: Uint8Array;
}

export async function deriveSigningKeys(secret: string): Promise<SigningKeys> {
  const { privateKey, publicKey, publicCoordinates: coordinates } = deriveP256(secret, 'chaps-auth-signing', 'es256');
  const kid = await calculateJwkThumbprint(coordinates);
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...coordinates, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
    legacyHmacKey: new TextEncoder().encode(secret),
  };
}
