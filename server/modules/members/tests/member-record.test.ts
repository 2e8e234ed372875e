/**
 * The member's own record
 * (docs/decisions/0021-member-record-export-and-erasure.md): "Download my
 * data" holds exactly his rows and nobody else's; "Delete my account" is refused with
 * the wrong password or an upcoming booking, and otherwise leaves no
 * personal field of his in any table or column of the database (the job
 * queue's schema too), keeps his bookings and card payment for the
 * accounts with nobody named, ends his sessions, and is audited without
 * his data. Two members with bookings, a card payment, results, newsletter
 * and contact rows, so "only his" is tested against a neighbour's.
 * Deletion's edge cases (two at once, staff, hosted Supabase) are
 * member-erasure-edges.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_LABELS } from '../../../../src/domain/follow-up';
import { formatSavedAt } from '../../../../src/domain/format';
import { formatProfileId } from '../../../../src/domain/member-profile';
import { ACCESS_REASON_WORDS, RECORD_SEEN_WORDS, STAFF_ROLE_WORDS } from '../../../../src/domain/record-access';
import type { Payments } from '../../payments';
import type { MemberExport } from '../../../../src/domain/member-export';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { proveAddress } from '../../../../tests/fixtures/mail';
import { createProfile, postAuth, profileFields, signIn, signUp, uniqueEmail } from '../../../../tests/fixtures/members';
import { approveCard, capture, orderFor, runPayments, testPayments } from '../../../../tests/fixtures/payments';
import { makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-07-01T09:00:00Z');
const PASSWORD = 'correct-horse-1';
const HIS = { first_name: 'Zebedee', last_name: 'Quillfeather', nhs_number: '4010232137' };

describe.each(ENGINES)('the member’s own record on %s', (engine) => {
  let test: TestDatabase;
  let payments: Payments;
  let clock = BOOKED;
  let him: FastMember & { refreshToken: string };
  let neighbour: FastMember;
  const paid = makeEvent({ event_name: 'Paid Screening', event_date: '2026-06-20', payment_required: true, price: 2500 });
  const free = makeEvent({ event_name: 'Free Screening', event_date: '2026-06-21' });
  const later = makeEvent({ event_name: 'Later Screening', event_date: '2026-09-01' });
  const app = () => testApp({ db: test.db, now: () => clock, payments });
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

  async function bookFree(who: FastMember, eventId: string, slot = '11:00') {
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(who.token, { ...validConsent(), eventId }));
    const res = await getJson<{ appointment: { appointment_id: string } }>(app(), '/api/appointments', sendJson(who.token, { eventId, appointmentStartTime: slot, consentId: consent.body.consent_id }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.appointment.appointment_id;
  }
  async function payFor(who: FastMember, slot: string, cardName: string) {
    const order = await orderFor(app(), who, paid.event_id, slot);
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await approveCard(app(), order.body.id, { name: cardName });
    expect((await capture(app(), who, order.body.id)).status).toBe(201);
    return order.body.appointmentId;
  }
  const exportOf = (token: string, format = 'json') => app().request(`/api/me/export?format=${format}`, auth(token));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    payments = testPayments(test.db, () => clock, { webhooks: 'auto' });
    await replaceEvents(test.db, [paid, free, later]);
    const email = uniqueEmail('zebedee');
    const session = await signUp(app(), email, PASSWORD);
    // His address proven (a link opened), so rows found by it are his to see and erase
    // (docs/decisions/0021-member-record-export-and-erasure.md).
    await proveAddress(app(), test.db, email);
    expect((await createProfile(app(), session.access_token, profileFields(HIS))).status).toBe(201);
    const [row] = await test.db.query<{ profile_id: number; public_id: string }>('SELECT profile_id, public_id::text AS public_id FROM member_profiles WHERE user_id = $1::uuid', [session.user.id]);
    him = { userId: session.user.id, email, profileId: row!.profile_id, publicId: row!.public_id, token: session.access_token, tokenAt: async () => session.access_token, refreshToken: session.refresh_token };
    [neighbour] = (await fastMembers(test.db, 1, BOOKED, { firstName: 'Neville' })) as [FastMember];
    await proveAddress(app(), test.db, neighbour.email);
    const staff = await makeStaff(test.db, BOOKED);
    for (const who of [him, neighbour]) {
      const paidId = await payFor(who, who === him ? '10:00' : '10:15', who === him ? `${HIS.first_name} ${HIS.last_name}` : 'Neville Member');
      await bookFree(who, free.event_id, who === him ? '11:00' : '11:15');
      await getJson(app(), '/api/subscriptions', sendJson(null, { name: who === him ? HIS.first_name : 'Neville', email: who.email }));
      await getJson(app(), '/api/contact', sendJson(null, { 'first-name': who === him ? HIS.first_name : 'Neville', 'last-name': who === him ? HIS.last_name : 'Member', email: who.email, 'phone-number': '07700900456', message: 'When is the next screening near Ipswich?' }));
      clock = AFTER;
      const result = await getJson(app(), `/api/staff/events/${paid.event_id}/attendees/${paidId}/result`, sendJson(await staff.tokenAt(AFTER), { test_result: '3.40', comments: `Spoke to ${who === him ? HIS.first_name : 'Neville'}: repeat in 3 months.` }, 'PUT'));
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      clock = BOOKED;
    }
    await runPayments(test.db, payments);
    // Staff open the list to check the results: a look at each man's record (docs/rules.md#record-access).
    clock = AFTER;
    const looked = await getJson(app(), `/api/staff/events/${paid.event_id}/attendees`, auth(await staff.tokenAt(AFTER)));
    expect(looked.status).toBe(200);
    // Weeks later: he signs in again (the first session's token has long expired).
    clock = AFTER;
    const again = await signIn(app(), email, PASSWORD);
    expect(again.status).toBe(200);
    him = { ...him, token: again.body.access_token, refreshToken: again.body.refresh_token };
    neighbour = { ...neighbour, token: await neighbour.tokenAt(AFTER) };
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('exports exactly his own rows, as JSON and as a readable page, and audits it without the data', async () => {
    for (const who of [him, neighbour]) {
      await test.db.query(
        `INSERT INTO waiting_list (event_id, profile_id, user_id, status, joined_at, ended_at) VALUES ($1, $2, $3, 'left', $4, $4)`,
        [later.event_id, who.profileId, who.userId, BOOKED],
      );
    }
    const res = await exportOf(him.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="chaps-my-data-2026-07-01.json"');
    const text = await res.text();
    const data = JSON.parse(text) as MemberExport;
    expect(data.account).toMatchObject({ email: him.email });
    expect(data.profile).toMatchObject({ ...HIS, profile_id: him.profileId, date_of_birth: '1970-03-15' });
    expect(data.bookings.map((b) => b.event_name).sort()).toEqual(['Free Screening', 'Paid Screening']);
    expect(data.payments).toMatchObject([{ amount_pounds: 25, status: 'completed' }]);
    expect(data.card_transactions).toMatchObject([{ payer_name: 'Zebedee Quillfeather' }]);
    expect(data.consents).toHaveLength(2);
    expect(data.results).toMatchObject([{ test_result: 3.4, sample_date: '2026-06-20' }]);
    expect(Object.keys(data.results[0]!)).toEqual(expect.arrayContaining(['next_test_due', 'recall_invited_at', 'gp_prompt_due', 'follow_up_outcome']));
    // He joined the newsletter on the public form, so his newsletter choice reads on
    // (docs/decisions/0018-email-choices-and-unsubscribe.md).
    expect(data.email_choices).toMatchObject({ reminders: true, recall: false, gp_prompt: true, newsletter: true });
    expect(data.newsletter_subscription).toMatchObject([{ email: him.email }]);
    expect(data.waiting_lists).toMatchObject([{ event_name: 'Later Screening', status: 'left' }]);
    expect(data.contact_enquiries).toMatchObject([{ email: him.email }]);
    expect(data.sign_in_sessions.length).toBeGreaterThan(0);
    expect(data.record_access).toMatchObject([{ staff_first_name: 'Sam', staff_role: 'admin', reason: 'follow_up', event_name: 'Paid Screening', seen: ['identity', 'nhs_number', 'results'] }]);
    // Nobody else's: the neighbour's address, name, bookings and payments appear nowhere.
    expect(text).not.toContain(neighbour.email);
    expect(text).not.toContain('Neville');
    const theirs = await test.db.query<{ id: string }>('SELECT appointment_id::text AS id FROM appointments WHERE user_id = $1::uuid', [neighbour.userId]);
    for (const { id } of theirs) expect(text).not.toContain(id);

    // Hostile text stored by some older path is escaped in the readable copy.
    await test.db.query(`UPDATE member_profiles SET occupation = '<img src=x onerror=alert(1)>' WHERE user_id = $1::uuid`, [him.userId]);
    const page = await exportOf(him.token, 'html');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Quillfeather');
    expect(html).toContain('<h2>PSA results</h2>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Neville');
    expect((await exportOf(him.token, 'xml')).status).toBe(422);
    expect((await app().request('/api/me/export')).status).toBe(401);

    const audits = await test.db.query<{ entity_id: string; text: string }>("SELECT entity_id, to_jsonb(staff_audit)::text AS text FROM staff_audit WHERE action = 'member.export'");
    expect(audits.map((a) => a.entity_id)).toEqual([him.userId, him.userId]);
    for (const a of audits) expect(a.text).not.toMatch(new RegExp(`${HIS.first_name}|${HIS.nhs_number}|${him.email.replace(/\./g, '\\.')}`, 'i'));
  });

  it('the readable copy holds every value of the JSON copy, in words: no stored field names, ISO times, true/false or braces', async () => {
    await test.db.query(
      `UPDATE member_profiles SET ni_number = 'QQ123456C', nhs_gp_email = 'surgery@example.nhs.uk', nhs_gp_phone_number = '01206 000000', is_verified = true WHERE user_id = $1::uuid`,
      [him.userId],
    );
    const data = (await (await exportOf(him.token)).json()) as MemberExport;
    const html = await (await exportOf(him.token, 'html')).text();
    // The words a man reads: the page without its style sheet and tags, entities decoded.
    const text = html
      .replace(/<style>[\s\S]*?<\/style>/, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    // How each stored shape reads: times in UK time, dates day month year, money in pounds.
    const inWords = (key: string, value: string | number): string => {
      if (typeof value === 'number') return key.endsWith('_pounds') ? (value === 0 ? 'Free' : `£${value.toFixed(2)}`) : String(value);
      if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatSavedAt(Date.parse(value));
      const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (date) return `${Number(date[3])} ${months[Number(date[2]) - 1]} ${date[1]}`;
      const month = /^(\d{4})-(\d{2})$/.exec(value);
      if (month) return `${months[Number(month[2]) - 1]} ${month[1]}`;
      if (/^\d{2}:\d{2}:\d{2}$/.test(value)) return value.slice(0, 5);
      // A card payment completed is paid, and its transaction money taken (a refund is the payment's own status).
      if (key === 'status' && value === 'completed') return 'Paid';
      if (key === 'status' && value === 'COMPLETED') return 'Taken from the card';
      if (key === 'follow_up_outcome') return FOLLOW_UP_LABELS[value as keyof typeof FOLLOW_UP_LABELS];
      // Who looked at his record: the role, the reason and what was seen, in words (src/domain/record-access.ts).
      if (key === 'staff_role') return STAFF_ROLE_WORDS[value as keyof typeof STAFF_ROLE_WORDS];
      if (key === 'reason') return ACCESS_REASON_WORDS[value as keyof typeof ACCESS_REASON_WORDS];
      if (key === 'seen') return RECORD_SEEN_WORDS[value as keyof typeof RECORD_SEEN_WORDS];
      return value.replace(/\s+/g, ' ');
    };
    const keys = new Set<string>();
    let checked = 0;
    const walk = (key: string, value: unknown) => {
      if (Array.isArray(value)) return value.forEach((v) => walk(key, v));
      if (value !== null && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          keys.add(k);
          walk(k, v);
        }
        return;
      }
      if (typeof value === 'string' || typeof value === 'number') {
        checked += 1;
        expect(text.toLowerCase(), `${key}: ${value}`).toContain(inWords(key, value).toLowerCase());
      }
    };
    const { exported_at: exportedAt, about, ...sections } = data;
    for (const rows of Object.values(sections)) walk('', rows);
    expect(checked).toBeGreaterThan(100);
    expect(text).toContain(formatSavedAt(Date.parse(exportedAt)));
    expect(text).toContain(about);
    // Named in words: "National Insurance number", never ni_number or "Ni number"; questions with his answers.
    expect(text).toContain('National Insurance number');
    expect(text).toContain('Has anyone on your father’s side of the family had prostate cancer?');
    expect(text).toContain(`Member number ${formatProfileId(him.profileId)}`);
    expect(text).toMatch(/Appointment reminders Yes/);
    // No stored name, raw ("ni_number") or merely spaced out ("Ni number", "Is verified"), except where that is plain English.
    const plainAlready = new Set(['first_name', 'last_name', 'date_of_birth', 'home_address', 'billing_address', 'phone_number', 'next_test_due', 'waiting_list']);
    for (const key of keys) {
      if (!/[_A-Z]/.test(key)) continue;
      expect(text, key).not.toContain(key);
      const spaced = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      if (!plainAlready.has(key)) expect(text, key).not.toContain(spaced.charAt(0).toUpperCase() + spaced.slice(1));
    }
    for (const raw of ['Ni number', 'Nhs gp email', 'Is verified', 'Recall months override']) expect(text).not.toContain(raw);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/\b(true|false)\b/i);
    expect(text).not.toMatch(/[{}[\]]/);
  });

  it('refuses the wrong password and an upcoming booking, leaving everything as it was', async () => {
    const wrong = await getJson<{ error: string }>(app(), '/api/me/delete', sendJson(him.token, { password: 'not-his-password' }));
    expect(wrong).toMatchObject({ status: 403, body: { error: 'wrong_password' } });
    expect((await getJson(app(), '/api/me/delete', sendJson(him.token, {}))).status).toBe(422);
    expect((await getJson(app(), '/api/me/delete', sendJson(null, { password: PASSWORD }))).status).toBe(401);
    const later1 = await bookFree(him, later.event_id);
    const upcoming = await getJson<{ error: string }>(app(), '/api/me/delete', sendJson(him.token, { password: PASSWORD }));
    expect(upcoming).toMatchObject({ status: 409, body: { error: 'upcoming_bookings' } });
    expect((await getJson(app(), `/api/appointments/${later1}/cancel`, sendJson(him.token, {}))).status).toBe(200);
    expect((await getJson(app(), '/api/auth/profile', auth(him.token))).status).toBe(200);
  });

  it('erases him: no personal field left anywhere, accounting rows kept anonymised, sessions ended, audited', async () => {
    const keptIds = (await test.db.query<{ id: string }>('SELECT appointment_id::text AS id FROM appointments WHERE user_id = $1::uuid ORDER BY 1', [him.userId])).map((r) => r.id);
    expect(keptIds).toHaveLength(3);
    const res = await getJson(app(), '/api/me/delete', sendJson(him.token, { password: PASSWORD }));
    expect(res).toMatchObject({ status: 200, body: { deleted: true, bookings_kept: 3, payments_kept: 1 } });
    await runJobs(test.db);

    // His old tokens do nothing.
    expect((await getJson(app(), '/api/auth/profile', auth(him.token))).status).toBe(401);
    expect((await postAuth(app(), '/token?grant_type=refresh_token', { refresh_token: him.refreshToken })).status).toBe(400);

    // Every column of every table, ours and the job queue's, for his address, names and NHS number.
    const schemas = [(await test.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s, jobsFor(test.db).schema];
    const columns = await test.db.query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = ANY($1::text[])`,
      [schemas],
    );
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const needle of [him.email, HIS.first_name, HIS.last_name, HIS.nhs_number]) {
      for (const c of columns) {
        const rows = await test.db.query<{ id: string; subject: string | null }>(
          `SELECT ${c.table_name === 'outbox' ? 'subject' : 'NULL'} AS subject FROM "${c.table_schema}"."${c.table_name}" WHERE strpos(lower("${c.column_name}"::text), lower($1)) > 0`,
          [needle],
        );
        for (const row of rows) {
          // The dev outbox stands in for the mail server: the goodbye email is there, as it would be in his inbox.
          if (c.table_name === 'outbox' && row.subject === 'Your CHAPS account has been deleted') continue;
          // The local PayPal sandbox's own tables are PayPal's copy (a separate controller), not this site's.
          if (c.table_name.startsWith('dev_paypal_')) continue;
          found.push(`${c.table_name}.${c.column_name} holds ${needle}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(await test.db.query("SELECT 1 FROM outbox WHERE subject = 'Your CHAPS account has been deleted'")).toHaveLength(1);
    // (Checked after the search: a sign-in attempt writes its own throttle rows, keyed by the address tried.)
    expect((await postAuth(app(), '/token?grant_type=password', { email: him.email, password: PASSWORD })).status).toBe(400);

    // The accounts keep the bookings and the payment, naming nobody.
    const kept = await test.db.query<{ profile_id: number | null; user_id: string | null; erased: boolean; status: string }>(
      'SELECT profile_id, user_id, erased_at IS NOT NULL AS erased, status FROM appointments WHERE appointment_id = ANY($1::uuid[])',
      [keptIds],
    );
    expect(kept).toHaveLength(3);
    for (const row of kept) expect(row).toMatchObject({ profile_id: null, user_id: null, erased: true });
    const money = await test.db.query<{ status: string; amount: number; user_id: string | null; payer_name: string | null; card_last_digits: string | null }>(
      `SELECT o.status, o.amount, o.user_id, t.payer_name, t.card_last_digits FROM payment_orders o
       JOIN payment_transactions t ON t.payment_id = o.payment_id WHERE o.appointment_id = ANY($1::uuid[])`,
      [keptIds],
    );
    expect(money).toMatchObject([{ status: 'completed', amount: 2500, user_id: null, payer_name: null, card_last_digits: '1111' }]);

    // Audited without the data; the staff audit of his result keeps who and when, not the value.
    const [erase] = await test.db.query<{ entity_id: string; after: unknown }>("SELECT entity_id, after FROM staff_audit WHERE action = 'member.erase'");
    expect(erase).toEqual({ entity_id: him.userId, after: { bookings_kept: 3, payments_kept: 1 } });
    const results = await test.db.query<{ after: unknown }>("SELECT after FROM staff_audit WHERE entity = 'result' AND entity_id = ANY($1::text[])", [keptIds]);
    expect(results).toEqual([{ after: { erased: true } }]);

    // Who looked at his record goes with him.
    expect(await test.db.query('SELECT 1 FROM record_access WHERE profile_id = $1', [him.profileId])).toEqual([]);

    // The neighbour is untouched.
    const theirs = (await (await exportOf(neighbour.token)).json()) as MemberExport;
    expect(theirs.record_access).toHaveLength(1);
    expect(theirs.profile).toMatchObject({ first_name: 'Neville' });
    expect(theirs.results).toHaveLength(1);
    expect(theirs.newsletter_subscription).toHaveLength(1);
    expect(theirs.card_transactions).toMatchObject([{ payer_name: 'Neville Member' }]);
  });
});
