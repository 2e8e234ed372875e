import { ticketCodeFor, ticketFor } from '../../server/modules/booking/tickets';
import { importTicketKey, verifyTicket } from '../../src/domain/ticket';
/**
 * A link's signature is accepted only as sign() spelled
 * it. Buffer's base64url decoding is lenient, so before the fix the
 * spellings below (a 32-byte HMAC is 43 characters whose last carries two
 * unused bits, padding, standard base64's alphabet, a stray character)
 * decoded to the same bytes and were accepted too.
 */
import { describe, expect, it } from 'vitest';
import { signerFromSecret } from '../../server/platform/signing';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const signer = signerFromSecret('a-test-secret-of-at-least-thirty-two-characters');
const DATA = '1234|2026-06-20|1900000000';

/** The other last characters that decode to the same bytes (they differ only in the two unused bits). */
function sameBytesLastChars(signature: string): string[] {
  const last = ALPHABET.indexOf(signature.at(-1)!);
  return [0, 1, 2, 3].map((low) => ALPHABET[(last & ~3) | low]!).filter((ch) => ch !== signature.at(-1));
}

describe('link signatures', () => {
  it('accepts the signature as made', async () => {
    const signature = await signer.sign('test-consent', DATA);
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(await signer.verify('test-consent', DATA, signature)).toBe(true);
    expect(await signer.verify('access-grant', DATA, signature)).toBe(false);
    expect(await signer.verify('test-consent', `${DATA}0`, signature)).toBe(false);
  });

  it('refuses every other spelling of the same bytes', async () => {
    const signature = await signer.sign('test-consent', DATA);
    const others = [
      ...sameBytesLastChars(signature).map((ch) => signature.slice(0, -1) + ch),
      `${signature}=`,
      signature.replaceAll('-', '+').replaceAll('_', '/'),
      `${signature.slice(0, 10)}.${signature.slice(10)}`,
      ` ${signature}`,
    ].filter((other) => other !== signature);
    expect(others.length).toBeGreaterThanOrEqual(6);
    for (const other of others) {
      // Each is a real other spelling: it decodes to the signature's own bytes.
      expect(Buffer.from(other, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
      expect(await signer.verify('test-consent', DATA, other), other).toBe(false);
    }
  });
});

describe('ticket signatures', () => {
  const booking = { appointmentId: '0f8b7a52-3c1e-4d2b-9a6f-1e2d3c4b5a69', eventId: 'a1b2c3d4-e5f6-4789-8abc-def012345678', slotStart: new Date('2026-12-03T10:20:00Z') };

  it('signs a ticket that the public key alone accepts, and another secret’s key refuses', async () => {
    const signer = signerFromSecret('one secret that is long enough to use');
    const ticket = await ticketFor(signer, booking);
    const key = await importTicketKey(await signer.ticketPublicKey());
    expect(await verifyTicket(ticket.token, key)).toMatchObject({ ok: true, code: ticket.code, claims: { appointmentId: booking.appointmentId } });
    const stranger = await importTicketKey(await signerFromSecret('another secret, another key entirely').ticketPublicKey());
    expect(await verifyTicket(ticket.token, stranger)).toEqual({ ok: false, reason: 'forged' });
    expect(await ticketCodeFor(booking)).toBe(ticket.code);
  });

  it('publishes a public key with no private part, the same from every process holding the secret', async () => {
    const jwk = await signerFromSecret('one secret that is long enough to use').ticketPublicKey();
    expect(jwk).not.toHaveProperty('d');
    expect(await signerFromSecret('one secret that is long enough to use').ticketPublicKey()).toEqual(jwk);
  });
});
