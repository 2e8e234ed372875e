import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatTicketCode,
  fromBase64Url,
  importTicketKey,
  isTicketCode,
  normaliseTicketCode,
  readTicketPayload,
  ticketCode,
  ticketPayload,
  ticketText,
  verifyTicket,
  type TicketClaims,
} from '../../src/domain/ticket';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const claims: TicketClaims = {
  appointmentId: '0f8b7a52-3c1e-4d2b-9a6f-1e2d3c4b5a69',
  eventId: 'a1b2c3d4-e5f6-4789-8abc-def012345678',
  slotStart: '2026-12-03T10:20:00.000Z',
};
const signed = (c: TicketClaims, key = privateKey) => {
  const payload = ticketPayload(c);
  return ticketText(payload, new Uint8Array(sign('sha256', payload, { key, dsaEncoding: 'ieee-p1363' })));
};
const key = () => importTicketKey(publicKey.export({ format: 'jwk' }) as JsonWebKey);

describe('tickets', () => {
  it('round-trips its claims through the signed text and a key holding only the public half', async () => {
    const check = await verifyTicket(signed(claims), await key());
    expect(check).toEqual({ ok: true, claims, code: await ticketCode(ticketPayload(claims)) });
  });

  it('refuses a ticket signed by another key, and one with a byte of its payload or signature changed', async () => {
    const publicOnly = await key();
    expect(await verifyTicket(signed(claims, other.privateKey), publicOnly)).toEqual({ ok: false, reason: 'forged' });
    const text = signed(claims);
    const [, payload, signature] = /^CHAPS1\.([^.]+)\.([^.]+)$/.exec(text)!;
    const bytes = fromBase64Url(payload!)!;
    for (const at of [1, 17, 36]) {
      const altered = Uint8Array.from(bytes);
      altered[at]! ^= 1;
      const forged = `CHAPS1.${Buffer.from(altered).toString('base64url')}.${signature}`;
      expect(await verifyTicket(forged, publicOnly)).toEqual({ ok: false, reason: 'forged' });
    }
    const sig = fromBase64Url(signature!)!;
    sig[10]! ^= 1;
    expect(await verifyTicket(`CHAPS1.${payload}.${Buffer.from(sig).toString('base64url')}`, publicOnly)).toEqual({ ok: false, reason: 'forged' });
  });

  it('tells text that is not a ticket at all from a forgery', async () => {
    const publicOnly = await key();
    for (const text of ['', 'https://example.com', 'CHAPS1.', 'CHAPS1.abc', 'CHAPS1.a.b.c', `CHAPS2.${signed(claims).slice(7)}`]) {
      expect(await verifyTicket(text, publicOnly)).toEqual({ ok: false, reason: 'not_a_ticket' });
    }
    // base64url with padding or a second spelling of the same bytes is not the text the server wrote.
    expect(await verifyTicket(`${signed(claims)}=`, publicOnly)).toMatchObject({ ok: false });
  });

  it('gives a moved booking a new code, and reads typed codes as Crockford does', async () => {
    const code = await ticketCode(ticketPayload(claims));
    expect(isTicketCode(code)).toBe(true);
    const moved = await ticketCode(ticketPayload({ ...claims, slotStart: '2026-12-03T10:40:00.000Z' }));
    expect(moved).not.toBe(code);
    expect(normaliseTicketCode(` ${formatTicketCode(code).toLowerCase()} `)).toBe(code);
    expect(normaliseTicketCode('oil0-ILO1')).toBe('0110' + '1101');
    expect(readTicketPayload(ticketPayload(claims))).toEqual(claims);
  });
});
