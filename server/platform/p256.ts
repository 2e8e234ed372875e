/**
 * A P-256 key pair derived from a secret by HKDF, so every server process
 * holds the same key without storing another secret, and changing the
 * secret rotates the key. The salt names what the key is for: keys for
 * different purposes from one secret are unrelated.
 */
import { createECDH, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from 'node:crypto';

export interface P256Pair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key's coordinates: {kty, crv, x, y}. */
  publicCoordinates: { kty: 'EC'; crv: 'P-256'; x: string; y: string };
}

export function deriveP256(secret: string, salt: string, label: string): P256Pair {
  const ecdh = createECDH('prime256v1');
  let d: Buffer | undefined;
  // A derived 32 bytes is a valid P-256 scalar but for about one chance in 2^32; then the next counter is tried.
  for (let counter = 0; !d; counter += 1) {
    const candidate = Buffer.from(hkdfSync('sha256', secret, salt, `${label}:${counter}`, 32));
    try {
      ecdh.setPrivateKey(candidate);
      d = candidate;
    } catch {
      if (counter > 8) throw new Error('Could not derive a key from the secret');
    }
  }
  const point = ecdh.getPublicKey();
  const publicCoordinates = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  } as const;
  const privateKey = createPrivateKey({ key: { ...publicCoordinates, d: d.toString('base64url') }, format: 'jwk' });
  return { privateKey, publicKey: createPublicKey(privateKey), publicCoordinates };
}
