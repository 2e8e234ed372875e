/**
 * A walk-in registered and booked at the venue on the day
 * (docs/rules.md#venue-registration): one request makes his account, his
 * profile, his consent and a booking at today's event in one transaction,
 * and answers the same signed ticket and short code a booked man has,
 * which the door's list then holds with his date of birth and NHS number,
 * so he is checked in by his code and given a sample id. Attacked: a double
 * submit in parallel books once; a full event, a wrong age, a bad NHS
 * number, the laboratory's NHS rule, another day's event and a bad consent
 * write nothing; an existing account is used only when staff confirmed it
 * is his and his date of birth and last name agree, and never says what
 * the account holds; members and strangers are refused; huge and hostile
 * bodies are refused. Each registration is in the staff audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeList, CheckInResult } from '../../../../src/domain/staff-attendees';
import { isValidSampleId, newSampleId } from '../../../../src/domain/sample-id';
import { importTicketKey, verifyTicket } from '../../../../src/domain/ticket';
import type { WalkInAnswer } from '../../../../src/domain/walk-in-answer';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { waitForMail } from '../../../../tests/fixtures/mail';
import { uniqueEmail } from '../../../../tests/fixtures/members';
import { auditCount, makeStaff } from '../../../../tests/fixtures/staff';

// 10:30 in London on the day: the 10:00 and 10:15 slots are over, 10:30 is under way.
const AT_VENUE = new Date('2026-06-20T09:30:00Z');
const EVENT = makeEvent({ event_name: 'Walk-in Screening', event_date: '2026-06-20', start_time: '10:00', end_time: '12:00', places_per_slot: 2 });
const ESNEFT = makeEvent({ event_name: 'Ipswich ESNEFT Screening', event_date: '2026-06-20', lab_name: 'ESNEFT' });
const FULL = makeEvent({ event_name: 'Small Screening', event_date: '2026-06-20', total_spaces: 1 });
const TOMORROW = makeEvent({ event_name: 'Tomorrow Screening', event_date: '2026-06-21' });
// A corporate event takes bookings until it ends, so a member online and a walk-in at the door can want its last place at once.
const LAST_PLACE = makeEvent({ event_name: 'Corporate Screening', event_date: '2026-06-20', exclusive_for: 'CORPORATE', category: 'corporate', total_spaces: 1 });
const PAID = makeEvent({ event_name: 'Paid Screening', event_date: '2026-06-20', payment_required: true, price: 2500 });

const walkIn = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Dennis',
  last_name: "O'Keefe",
  email: uniqueEmail('walkin'),
  date_of_birth: '1961-09-02',
  nhs_number: '943 476 5919',
  phone: '07700 900123',
  home_address: '4 Quay Street, Ipswich IP4 1AA',
  consent: validConsent(),
  ...overrides,
});

describe.each(ENGINES)('walk-ins registered and booked at the venue on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let member: FastMember;
  const app = () => testApp({ db: test.db, now: AT_VENUE });
  const register = (event: { event_id: string }, body: unknown, token: string | null = staff.token, init?: Record<string, string>) =>
    getJson<WalkInAnswer & { error?: string; message?: string; issues?: { field: string }[] }>(
      app(),
      `/api/staff/events/${event.event_id}/walk-ins`,
      sendJson(token, body, 'POST', init),
    );
  const list = async (event: { event_id: string }) =>
    (await getJson<AttendeeList>(app(), `/api/staff/events/${event.event_id}/attendees`, { headers: { Authorization: `Bearer ${staff.token}` } })).body;
  const accounts = async (email: string) =>
    (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM auth_users WHERE email = $1', [email.trim().toLowerCase()]))[0]!.n;
  const bookingsOf = async (email: string) =>
    (
      await test.db.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE p.email = $1 AND a.status = 'confirmed'",
        [email],
      )
    )[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, ESNEFT, FULL, TOMORROW, PAID, LAST_PLACE]);
    staff = await makeStaff(test.db, AT_VENUE);
    [member] = (await fastMembers(test.db, 1, AT_VENUE)) as [FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('books him into the slot under way, answers the ticket the door verifies, and the list holds him for check-in and a sample id', async () => {
    const body = walkIn();
    const res = await register(EVENT, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email: body.email, new_account: true, emailed: true });
    expect(res.body.appointment).toMatchObject({ event_id: EVENT.event_id, status: 'confirmed', start_time: '10:30', end_time: '10:45' });

    const door = await list(EVENT);
    const him = door.attendees.find((a) => a.appointment_id === res.body.appointment.appointment_id)!;
    expect(him).toMatchObject({ first_name: 'Dennis', last_name: "O'Keefe", date_of_birth: '1961-09-02', nhs_number: '9434765919', consent_given: true });
    expect(him.ticket_code).toBe(res.body.ticket.code);
    const check = await verifyTicket(res.body.ticket.token, await importTicketKey(door.ticket_key));
    expect(check).toMatchObject({ ok: true, code: him.ticket_code, claims: { appointmentId: him.appointment_id, eventId: EVENT.event_id } });

    const proposed = newSampleId();
    const checkedIn = await getJson<{ results: CheckInResult[] }>(
      app(),
      `/api/staff/events/${EVENT.event_id}/check-ins`,
      sendJson(staff.token, { check_ins: [{ appointment_id: him.appointment_id, checked_in_at: AT_VENUE.toISOString(), sample_id: proposed }] }),
    );
    expect(checkedIn.body.results[0]).toMatchObject({ outcome: 'recorded', sample_id: proposed });
    expect(isValidSampleId(proposed)).toBe(true);

    // His consent is his own, for this event, before the booking that names it.
    const [consent] = await test.db.query<{ source: string; psa_test_date: string; event_id: string }>(
      "SELECT c.source, to_char(c.psa_test_date, 'YYYY-MM-DD') AS psa_test_date, c.event_id::text AS event_id FROM appointments a JOIN consents c ON c.consent_id = a.consent_id WHERE a.appointment_id = $1::uuid",
      [him.appointment_id],
    );
    expect(consent).toEqual({ source: 'booking', psa_test_date: '2026-06-20', event_id: EVENT.event_id });

    const confirmation = await waitForMail(test.db, body.email, /confirm/i);
    expect(confirmation.text).toContain(res.body.ticket.code.slice(0, 4));
    await waitForMail(test.db, body.email, /choose a password/i);

    // Audited without his name or email.
    const [audit] = await test.db.query<{ after: Record<string, unknown>; staff_email: string }>(
      "SELECT after, staff_email FROM staff_audit WHERE action = 'walk_in.register' AND after->>'appointment_id' = $1",
      [him.appointment_id],
    );
    expect(audit).toMatchObject({ staff_email: staff.email, after: { slot: '10:30', new_account: true } });
    expect(JSON.stringify(audit)).not.toContain(body.email);
    expect(JSON.stringify(audit)).not.toContain('Keefe');
  });

  it('books once when the same registration is sent twice at the same moment', async () => {
    const body = walkIn();
    const answers = await Promise.all([register(EVENT, body), register(EVENT, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe('existing_account');
    expect(await accounts(body.email)).toBe(1);
    expect(await bookingsOf(body.email)).toBe(1);
    // Confirmed as his and sent again: still one booking.
    expect((await register(EVENT, { ...body, existing_account: true })).body.error).toBe('already_booked');
    expect(await bookingsOf(body.email)).toBe(1);
  });

  it("uses an existing account only when staff confirmed it is his and his details agree, and never says what it holds", async () => {
    const asked = await register(EVENT, walkIn({ email: member.email, first_name: 'Alan', last_name: 'Member', date_of_birth: '1970-03-15' }));
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ error: 'existing_account', issues: [{ field: 'email' }] });

    for (const wrong of [{ date_of_birth: '1970-03-16' }, { last_name: 'Someone' }, { nhs_number: '4010232137' }]) {
      const res = await register(EVENT, walkIn({ email: member.email, first_name: 'Alan', last_name: 'Member', date_of_birth: '1970-03-15', ...wrong, existing_account: true }));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('account_mismatch');
      // Nothing of the account in the answer: not its date of birth, name or NHS number.
      expect(JSON.stringify(res.body)).not.toMatch(/1970|Member|9434765919|Alan/);
    }
    expect(await bookingsOf(member.email)).toBe(0);
    // Each try is kept in the audit against the account, so repeated guesses show.
    const tries = await test.db.query("SELECT 1 FROM staff_audit WHERE action = 'walk_in.account_mismatch' AND entity_id = $1", [member.userId]);
    expect(tries).toHaveLength(3);

    const res = await register(EVENT, walkIn({ email: ` ${member.email.toUpperCase()} `, first_name: 'Al', last_name: 'member', date_of_birth: '1970-03-15', existing_account: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ new_account: false, emailed: false });
    const [row] = await test.db.query<{ user_id: string; first_name: string }>(
      'SELECT a.user_id::text AS user_id, p.first_name FROM appointments a JOIN member_profiles p ON p.profile_id = a.profile_id WHERE a.appointment_id = $1::uuid',
      [res.body.appointment.appointment_id],
    );
    // His own account and profile, unchanged by what was typed.
    expect(row).toEqual({ user_id: member.userId, first_name: 'Alan' });
  });

  it("adds the NHS number he states to an account that had none, so the laboratory's event can book him", async () => {
    const [noNumber] = (await fastMembers(test.db, 1, AT_VENUE, { nhsNumber: null })) as [FastMember];
    const details = { email: noNumber.email, first_name: 'Alan', last_name: 'Member', date_of_birth: '1970-03-15', existing_account: true };
    expect((await register(ESNEFT, walkIn({ ...details, nhs_number: '' }))).body.error).toBe('nhs_number_required');
    const res = await register(ESNEFT, walkIn({ ...details, nhs_number: '4010232137' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [profile] = await test.db.query<{ nhs_number: string }>('SELECT nhs_number FROM member_profiles WHERE profile_id = $1', [noNumber.profileId]);
    expect(profile).toEqual({ nhs_number: '4010232137' });
  });

  it('refuses an account with no details yet, since he cannot be identified from it', async () => {
    const email = uniqueEmail('bare');
    await test.db.query("INSERT INTO auth_users (email, encrypted_password, created_at, updated_at) VALUES ($1, 'x', $2, $2)", [email, AT_VENUE]);
    const res = await register(EVENT, walkIn({ email, existing_account: true }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('account_incomplete');
    expect(await test.db.query('SELECT 1 FROM member_profiles WHERE email = $1', [email])).toEqual([]);
  });

  it.each([
    ['a man under 40 on the day', EVENT, { date_of_birth: '1986-06-21' }, 403, 'age_restricted'],
    ['a man over 80 on the day', EVENT, { date_of_birth: '1945-06-19' }, 403, 'age_restricted'],
    ['an NHS number whose check digit is wrong', EVENT, { nhs_number: '9434765918' }, 422, 'validation_failed'],
    ["no NHS number where the laboratory needs one", ESNEFT, { nhs_number: '' }, 422, 'nhs_number_required'],
    ['an event that is not today', TOMORROW, {}, 422, 'not_today'],
    ['an event paid for by card', PAID, {}, 422, 'payment_required'],
    ['a time that is over', EVENT, { slot: '10:00' }, 422, 'invalid_slot'],
    ['a consent without the sample consent', EVENT, { consent: validConsent({ consentToSampleTesting: false }) }, 422, 'invalid_consent'],
    ['no consent at all', EVENT, { consent: undefined }, 422, 'invalid_consent'],
    ['a consent answer that is not an option', EVENT, { consent: validConsent({ medicationHistory: 'Aspirin' as never }) }, 422, 'invalid_consent'],
    ['markup in a name', EVENT, { last_name: '<script>alert(1)</script>' }, 422, 'validation_failed'],
    ['control characters in the address', EVENT, { home_address: '1 High St\u0000' }, 422, 'validation_failed'],
    ['a name as an object', EVENT, { first_name: { $ne: null } }, 422, 'validation_failed'],
  ])('refuses %s, writing nothing', async (_name, event, overrides, status, error) => {
    const body = walkIn(overrides);
    const res = await register(event, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await accounts(body.email)).toBe(0);
  });

  it('refuses a full event and a taken slot, writing nothing', async () => {
    const first = await register(FULL, walkIn());
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const body = walkIn();
    const full = await register(FULL, body);
    expect([full.status, full.body.error]).toEqual([409, 'fully_booked']);
    expect(await accounts(body.email)).toBe(0);

    // EVENT has two places a slot: two walk-ins at 11:45, and a third is refused that time.
    expect((await register(EVENT, walkIn({ slot: '11:45' }))).status).toBe(201);
    expect((await register(EVENT, walkIn({ slot: '11:45' }))).status).toBe(201);
    const taken = walkIn({ slot: '11:45' });
    expect((await register(EVENT, taken)).body.error).toBe('slot_taken');
    expect(await accounts(taken.email)).toBe(0);
  });

  it('gives the last place once when a member books it online as a walk-in is registered for it', async () => {
    const [online] = (await fastMembers(test.db, 1, AT_VENUE)) as [FastMember];
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(online.token, { ...validConsent(), eventId: LAST_PLACE.event_id }));
    expect(consent.status).toBe(201);
    const body = walkIn();
    const [booked, walkedIn] = await Promise.all([
      getJson<{ error?: string }>(app(), '/api/appointments', sendJson(online.token, { eventId: LAST_PLACE.event_id, appointmentStartTime: '11:00', consentId: consent.body.consent_id })),
      register(LAST_PLACE, body),
    ]);
    expect([booked.status, walkedIn.status].sort()).toEqual([201, 409]);
    const [{ n }] = (await test.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM appointments WHERE event_id = $1 AND status = 'confirmed'", [LAST_PLACE.event_id])) as [{ n: number }];
    expect(n).toBe(1);
    // The walk-in refused wrote nothing: no account waits for a booking he did not get.
    if (walkedIn.status === 409) expect(await accounts(body.email)).toBe(0);
  });

  it('answers only staff: a member is refused and a stranger is asked to sign in', async () => {
    const body = walkIn();
    expect((await register(EVENT, body, member.token)).status).toBe(403);
    expect((await register(EVENT, body, null)).status).toBe(401);
    expect(await accounts(body.email)).toBe(0);
  });

  it('refuses a huge body and an unknown event', async () => {
    const huge = await register(EVENT, walkIn({ home_address: 'x'.repeat(64 * 1024) }));
    expect(huge.status).toBe(413);
    expect((await register({ event_id: '00000000-0000-4000-8000-000000000000' }, walkIn())).status).toBe(404);
    expect((await register({ event_id: 'not-an-event' }, walkIn())).status).toBe(404);
  });

  it('records each registration in the staff audit', async () => {
    expect(await auditCount(test.db, 'walk_in.register')).toBeGreaterThanOrEqual(5);
  });
});
