/**
 * His ticket (docs/rules.md#tickets): what the QR code on a confirmed
 * booking carries, and the short code he can read out instead.
 *
 * The QR's text is `CHAPS1.<payload>.<signature>`, both base64url. The
 * payload is 37 bytes: a version byte (1), the appointment's and the
 * event's UUIDs (16 bytes each) and the slot's start in whole minutes since
 * 1970 (UTC, 4 bytes, big-endian). The signature is ECDSA P-256 with
 * SHA-256 over those bytes, in the 64-byte r||s form WebCrypto makes and
 * reads. Only the server holds the private key; a staff phone holding the
 * public key (sent with the attendee list) tells a real ticket for its event
 * from a forged or altered one without a connection, as pretix's signed
 * ticket secrets do. The ticket names nobody: a photograph of it gives away
 * no name, date of birth or NHS number.
 *
 * The short code is the first 40 bits of SHA-256 over the payload in
 * Crockford's base32 (eight characters, no I, L, O or U), shown as
 * ABCD-EFGH. It needs no key, so the server, his phone and the staff phone
 * each work it out alike; a moved booking has a new slot, so a new payload,
 * a new signature and a new code, and his old ticket no longer matches the
 * list. A code only finds a name on the list; identity is checked by asking
 * him his name, date of birth and NHS number.
 *
 * Pure, WebCrypto only (browsers, the service worker and Node alike).
 */
export const TICKET_PREFIX = 'CHAPS1.';
const VERSION = 1;
const PAYLOAD_BYTES = 37;
const SIGNATURE_BYTES = 64;
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TICKET_CODE_LENGTH = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TicketClaims {
  appointmentId: string;
  eventId: string;
  /** The slot's start, an ISO instant to the minute. */
  slotStart: string;
}

export type TicketCheck =
  | { ok: true; claims: TicketClaims; code: string }
  | { ok: false; reason: 'not_a_ticket' | 'forged' };

/** The algorithm as WebCrypto names it, for importKey and verify. */
export const TICKET_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNATURE_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

function uuidBytes(uuid: string, into: Uint8Array, at: number) {
  if (!UUID.test(uuid)) throw new Error(`Not a UUID: ${uuid}`);
  const hex = uuid.replace(/-/g, '');
  for (let i = 0; i < 16; i += 1) into[at + i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
}

function uuidText(bytes: Uint8Array, at: number): string {
  const hex = Array.from(bytes.subarray(at, at + 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The signed bytes of a ticket. */
export function ticketPayload(claims: TicketClaims): Uint8Array {
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  bytes[0] = VERSION;
  uuidBytes(claims.appointmentId, bytes, 1);
  uuidBytes(claims.eventId, bytes, 17);
  const minutes = Math.floor(new Date(claims.slotStart).getTime() / 60_000);
  if (!Number.isSafeInteger(minutes) || minutes < 0 || minutes > 0xffffffff) throw new Error(`Not a slot start: ${claims.slotStart}`);
  new DataView(bytes.buffer).setUint32(33, minutes);
  return bytes;
}

export function readTicketPayload(bytes: Uint8Array): TicketClaims | null {
  if (bytes.length !== PAYLOAD_BYTES || bytes[0] !== VERSION) return null;
  const minutes = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(33);
  return { appointmentId: uuidText(bytes, 1), eventId: uuidText(bytes, 17), slotStart: new Date(minutes * 60_000).toISOString() };
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Strict: only the base64url alphabet, no padding, and only the one spelling toBase64Url gives. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return toBase64Url(bytes) === text ? bytes : null;
}

/** The QR's text, from the payload and the server's signature over it. */
export const ticketText = (payload: Uint8Array, signature: Uint8Array) => `${TICKET_PREFIX}${toBase64Url(payload)}.${toBase64Url(signature)}`;

/** The short code of a payload: eight characters of Crockford's base32. */
export async function ticketCode(payload: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', payload as BufferSource));
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = TICKET_CODE_LENGTH - 1; i >= 0; i -= 1) code += CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** The short code as typed: spaces and dashes dropped, capitals, and the letters Crockford reads as digits (O as 0, I and L as 1). */
export const normaliseTicketCode = (text: string) =>
  text.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');

export const isTicketCode = (text: string) => text.length === TICKET_CODE_LENGTH && [...text].every((c) => CODE_ALPHABET.includes(c));

/** How a code is shown and read out: ABCD-EFGH. */
export const formatTicketCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The public key from its JWK (as the attendee list carries it), for verifyTicket. */
export const importTicketKey = (jwk: JsonWebKey) => crypto.subtle.importKey('jwk', jwk, TICKET_KEY_ALGORITHM, false, ['verify']);

/**
 * Whether a scanned text is a ticket signed by the server's key: which
 * booking and slot it names, and its short code. It says nothing of the
 * booking's state: the caller compares with the list (cancelled, moved,
 * another event).
 */
export async function verifyTicket(text: string, key: CryptoKey): Promise<TicketCheck> {
  const trimmed = text.trim();
  if (!trimmed.startsWith(TICKET_PREFIX)) return { ok: false, reason: 'not_a_ticket' };
  const parts = trimmed.slice(TICKET_PREFIX.length).split('.');
  const payload = parts.length === 2 ? fromBase64Url(parts[0]!) : null;
  const signature = parts.length === 2 ? fromBase64Url(parts[1]!) : null;
  const claims = payload ? readTicketPayload(payload) : null;
  if (!payload || !signature || !claims) return { ok: false, reason: 'not_a_ticket' };
  if (signature.length !== SIGNATURE_BYTES) return { ok: false, reason: 'forged' };
  const genuine = await crypto.subtle.verify(SIGNATURE_ALGORITHM, key, signature as BufferSource, payload as BufferSource);
  return genuine ? { ok: true, claims, code: await ticketCode(payload) } : { ok: false, reason: 'forged' };
}
