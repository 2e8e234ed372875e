/**
 * His ticket (docs/rules.md#tickets), the member's side: every answer that
 * carries one of his bookings carries its ticket while it has one, signed by
 * the server so that the public key alone proves it names this booking, its
 * event and its slot; a cancelled booking, a hold waiting for its payment and
 * a booking whose event's day is over have none; a moved booking has a new
 * one. The confirmation email, for a free booking and for a paid one when its
 * payment settles, and the change-of-time email carry it as a QR picture read
 * back here with a QR decoder, and its short code in words. ECDSA signs
 * afresh each time (a new random nonce), so two answers carry two different
 * signatures of the same payload: the same ticket is the same payload and
 * code, each signature checked with the public key.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberAppointment } from '../../../../src/domain/booking';
import { londonToInstant } from '../../../../src/domain/london-time';
import { formatTicketCode, importTicketKey, verifyTicket } from '../../../../src/domain/ticket';
import type { OutboxMessage } from '../../../platform/mail';
import { createSigner } from '../../../platform/signing';
import type { Payments } from '../../payments';
import { getJson, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { approveCard, capture, orderFor, testPayments } from '../../../../tests/fixtures/payments';
import { readQrPng } from '../../../../tests/fixtures/qr';
import { ticketCodeFor } from '../tickets';

// Wednesday 10 June 2026, 10:00 in London.
const NOW = new Date('2026-06-10T09:00:00Z');

interface Answer {
  status?: string;
  appointment?: MemberAppointment;
}

describe.each(ENGINES)('his ticket on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let member: FastMember;
  const app = (now = NOW) => testApp({ db: test.db, now, payments });
  // Saturday 20 June, 10:00 to 12:00 in 15-minute slots.
  const free = makeEvent({ event_name: 'Free Saturday', event_date: '2026-06-20' });
  const paid = makeEvent({ event_name: 'Paid Saturday', event_date: '2026-06-20', payment_required: true, price: 2500 });

  async function book(start: string) {
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(member.token, { ...validConsent(), eventId: free.event_id }));
    const res = await getJson<Answer>(app(), '/api/appointments', sendJson(member.token, { eventId: free.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }));
    expect(res.status).toBe(201);
    return res.body.appointment!;
  }
  const list = async (now = NOW) =>
    (await getJson<{ appointments: MemberAppointment[] }>(app(now), '/api/appointments', { headers: { Authorization: `Bearer ${await member.tokenAt(now)}` } })).body
      .appointments;
  const publicKey = async () => importTicketKey(await createSigner(test.db, undefined).ticketPublicKey());

  /** Both are the server's signatures of the same booking at the same time, so the same short code. */
  async function expectSameTicket(a: { token: string; code: string } | null | undefined, b: { token: string; code: string } | null | undefined) {
    const key = await publicKey();
    const [first, second] = [await verifyTicket(a!.token, key), await verifyTicket(b!.token, key)];
    expect(first.ok && second.ok).toBe(true);
    expect(first).toEqual(second);
    expect(a!.code).toBe(b!.code);
    expect(a!.token.split('.').slice(0, 2)).toEqual(b!.token.split('.').slice(0, 2));
  }

  /** The email's QR picture, read back as a scanner would, and where its HTML part shows it. */
  function ticketInMail(mail: OutboxMessage) {
    const pictures = mail.attachments.filter((a) => a.contentType === 'image/png');
    expect(pictures).toHaveLength(1);
    const picture = pictures[0]!;
    expect(picture.encoding).toBe('base64');
    expect(mail.html).toContain(`<img src="cid:${picture.cid}"`);
    return readQrPng(Buffer.from(picture.content, 'base64'));
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    payments = testPayments(test.db, () => NOW);
    await replaceEvents(test.db, [free, paid]);
  });
  beforeEach(async () => {
    await runJobs(test.db);
    for (const table of ['payment_transactions', 'payment_orders', 'member_appointments', 'appointments', 'outbox', 'request_throttles']) {
      await test.db.query(`DELETE FROM ${table}`);
    }
    [member] = (await fastMembers(test.db, 1, NOW, { firstName: 'Alan' })) as [FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('gives a confirmed booking a ticket that the public key proves names it, its event and its slot, and emails its QR code and short code', async () => {
    const booked = await book('10:15');
    const [mine] = await list();
    expect(mine!.ticket).not.toBeNull();
    // The booking's answer, the list and its one-by-id answer carry the same ticket.
    await expectSameTicket(booked.ticket, mine!.ticket);
    const one = await getJson<Answer>(app(), `/api/appointments/${booked.appointment_id}`, { headers: { Authorization: `Bearer ${member.token}` } });
    await expectSameTicket(one.body.appointment!.ticket, mine!.ticket);

    const { token, code } = mine!.ticket!;
    const check = await verifyTicket(token, await publicKey());
    expect(check).toEqual({
      ok: true,
      claims: { appointmentId: booked.appointment_id, eventId: free.event_id, slotStart: londonToInstant('2026-06-20', '10:15').toISOString() },
      code,
    });
    expect(await ticketCodeFor({ appointmentId: booked.appointment_id, eventId: free.event_id, slotStart: londonToInstant('2026-06-20', '10:15') })).toBe(code);
    // One character changed in the signature: refused.
    const altered = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect((await verifyTicket(altered, await publicKey())).ok).toBe(false);

    const [mail] = await sentMail(test.db);
    expect(mail!.subject).toBe('Booking confirmed: Free Saturday');
    await expectSameTicket({ token: ticketInMail(mail!)!, code }, mine!.ticket);
    expect(mail!.text).toContain(`Or read out this code: ${formatTicketCode(code)}`);
    expect(mail!.html).toContain(`>${formatTicketCode(code)}</p>`);
    expect(mail!.html).toContain(`alt="QR code of your ticket, code ${formatTicketCode(code)}"`);
    // The outbox hands the picture out as the PNG file itself.
    const index = mail!.attachments.findIndex((a) => a.contentType === 'image/png');
    const file = await app().request(`/dev/outbox/${mail!.id}/attachments/${index}`);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    await expectSameTicket({ token: readQrPng(Buffer.from(await file.arrayBuffer()))!, code }, mine!.ticket);
  });

  it('gives no ticket to a cancelled booking, a hold waiting for its payment, or a booking whose event’s day is over; a ticket lasts his event’s whole day', async () => {
    const booked = await book('10:00');
    const hold = await orderFor(app(), member, paid.event_id, '10:30');
    expect(hold.status).toBe(201);
    const held = (await list()).find((a) => a.appointment_id === hold.body.appointmentId)!;
    expect(held).toMatchObject({ status: 'held', ticket: null });

    // Late on the day, after his slot: still his ticket. The next morning: none.
    expect((await list(new Date('2026-06-20T20:00:00Z'))).find((a) => a.appointment_id === booked.appointment_id)!.ticket).not.toBeNull();
    expect((await list(new Date('2026-06-21T08:00:00Z'))).find((a) => a.appointment_id === booked.appointment_id)!.ticket).toBeNull();

    const cancelled = await getJson(app(), `/api/appointments/${booked.appointment_id}/cancel`, sendJson(member.token, {}));
    expect(cancelled.status).toBe(200);
    expect((await list()).find((a) => a.appointment_id === booked.appointment_id)).toMatchObject({ status: 'cancelled', ticket: null });
    const one = await getJson<Answer>(app(), `/api/appointments/${booked.appointment_id}`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(one.body.appointment!.ticket).toBeNull();
  });

  it('gives a moved booking a new ticket, in the answer, the list and the email, which says the old one no longer works', async () => {
    const booked = await book('10:00');
    const before = booked.ticket!;
    await runJobs(test.db);
    await test.db.query('DELETE FROM outbox');

    const moved = await getJson<Answer>(app(), `/api/appointments/${booked.appointment_id}/change`, sendJson(member.token, { appointmentStartTime: '11:15', fromStartTime: '10:00' }));
    expect(moved.status).toBe(200);
    const after = moved.body.appointment!.ticket!;
    expect(after.token).not.toBe(before.token);
    expect(after.code).not.toBe(before.code);
    await expectSameTicket((await list())[0]!.ticket, after);
    const key = await publicKey();
    // Both are the server's signatures; the old one names the slot he has left, so the attendee list no longer matches it.
    expect(await verifyTicket(after.token, key)).toMatchObject({ ok: true, claims: { slotStart: londonToInstant('2026-06-20', '11:15').toISOString() } });
    expect(await verifyTicket(before.token, key)).toMatchObject({ ok: true, claims: { slotStart: londonToInstant('2026-06-20', '10:00').toISOString() } });

    const [mail] = await sentMail(test.db);
    expect(mail!.subject).toBe('Booking changed: Free Saturday');
    await expectSameTicket({ token: ticketInMail(mail!)!, code: after.code }, after);
    expect(mail!.text).toContain(`Or read out this code: ${formatTicketCode(after.code)}`);
    expect(mail!.text).not.toContain(formatTicketCode(before.code));
    for (const part of [mail!.text, mail!.html!]) expect(part).toContain('The ticket we sent you before no longer works');
  });

  it('sends a paid booking’s ticket with the confirmation its settled payment sends', async () => {
    const order = await orderFor(app(), member, paid.event_id, '10:45');
    expect(order.status).toBe(201);
    expect(await sentMail(test.db)).toHaveLength(0);
    await approveCard(app(), order.body.id);
    expect((await capture(app(), member, order.body.id)).status).toBe(201);

    const [mine] = await list();
    expect(mine).toMatchObject({ status: 'confirmed', payment_status: 'paid by card' });
    const { code } = mine!.ticket!;
    const [mail] = (await sentMail(test.db)).filter((m) => m.subject === 'Booking confirmed: Paid Saturday');
    await expectSameTicket({ token: ticketInMail(mail!)!, code }, mine!.ticket);
    expect(mail!.text).toContain(`Or read out this code: ${formatTicketCode(code)}`);
  });
});
