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
import { createECDH, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

export interface SigningKeys {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** As published in the JWKS. */
  publicJwk: JWK;
  /** The HS256 key of tokens signed before ES256 (they live an hour at most). */
  legacyHmacKey: Uint8Array;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export async function deriveSigningKeys(secret: string): Promise<SigningKeys> {
  const ecdh = createECDH('prime256v1');
  let d: Buffer | undefined;
  // A derived 32 bytes is a valid P-256 scalar but for about one chance in 2^32; then the next counter is tried.
  for (let counter = 0; !d; counter += 1) {
    const candidate = Buffer.from(hkdfSync('sha256', secret, 'chaps-auth-signing', `es256:${counter}`, 32));
    try {
      ecdh.setPrivateKey(candidate);
      d = candidate;
    } catch {
      if (counter > 8) throw new Error('Could not derive a signing key from the secret');
    }
  }
  const point = ecdh.getPublicKey();
  const coordinates = { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) };
  const privateKey = createPrivateKey({ key: { ...coordinates, d: b64url(d) }, format: 'jwk' });
  const publicKey = createPublicKey(privateKey);
  const kid = await calculateJwkThumbprint(coordinates);
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { ...coordinates, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
    legacyHmacKey: new TextEncoder().encode(secret),
  };
}
