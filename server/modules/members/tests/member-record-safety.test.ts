/**
 * "Download my data" and "Delete my account" against other people (ADR 0021):
 * erasing bob@… leaves the mail of jimbob@… and bob@….au alone (exact
 * recipients, not text search); rows found only by an address are exported
 * or erased only once the account proved the address is its own; and a
 * booking or consent racing an erasure is refused cleanly (401), not with a
 * foreign-key failure (500).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberExport } from '../../../../src/domain/member-export';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { sendJson, validConsent } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { proveAddress } from '../../../../tests/fixtures/mail';
import { createProfile, profileFields, signUp } from '../../../../tests/fixtures/members';

const NOW = new Date('2026-06-10T09:00:00Z');
const PASSWORD = 'correct-horse-1';

describe.each(ENGINES)('the member’s record and other people on %s', (engine) => {
  let test: TestDatabase;
  const event = makeEvent({ event_name: 'Race Screening', event_date: '2026-06-21' });
  const app = () => testApp({ db: test.db, now: () => NOW });
  const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  async function member(email: string, prove: boolean) {
    const session = await signUp(app(), email, PASSWORD);
    if (prove) await proveAddress(app(), test.db, email);
    expect((await createProfile(app(), session.access_token, profileFields({ first_name: 'Robert' }))).status).toBe(201);
    return session;
  }
  const queueMail = (to: string, subject: string) =>
    jobsFor(test.db).send(test.db, 'email', { message: { to, subject, text: `Dear member, ${subject}.` }, messageId: `<${randomUUID()}@example.org>` }, { id: randomUUID() });
  const erase = (token: string) => getJson(app(), '/api/me/delete', sendJson(token, { password: PASSWORD }));
  const exportOf = async (token: string) => (await (await app().request('/api/me/export', { headers: { Authorization: `Bearer ${token}` } })).json()) as MemberExport;
  const mailTo = async (to: string) => {
    const jobs = await test.db.query(`SELECT 1 FROM ${jobsFor(test.db).schema}.job WHERE name = 'email' AND data->'message'->>'to' = $1`, [to]);
    const sent = await test.db.query('SELECT 1 FROM outbox WHERE to_address = $1', [to]);
    return { jobs: jobs.length, sent: sent.length };
  };

  it('erasing bob@… leaves the queued and sent mail of jimbob@… and bob@….au', async () => {
    const t = tag();
    const bob = `bob.${t}@example.org`;
    const others = [`jimbob.${t}@example.org`, `bob.${t}@example.org.au`];
    const session = await member(bob, true);
    for (const to of [bob, ...others]) await queueMail(to, 'Your booking is confirmed');
    // An enquiry from jimbob to the charity (its Reply-To his address) is his, not bob's.
    const enquiry = { 'first-name': 'Jim', 'last-name': 'Bob', email: others[0], 'phone-number': '07700900456', message: 'Is there parking?' };
    expect((await getJson(app(), '/api/contact', sendJson(null, enquiry))).status).toBe(201);
    await runJobs(test.db);
    // Sent once (its job keeps no address once sent), and one more waiting (a waiting-list offer) for each.
    for (const to of [bob, ...others]) await queueMail(to, 'A place is free for you');
    const before = await Promise.all(others.map(mailTo));
    expect(before).toEqual([
      { jobs: 1, sent: 1 },
      { jobs: 1, sent: 1 },
    ]);

    expect((await erase(session.access_token)).status).toBe(200);
    expect(await Promise.all(others.map(mailTo))).toEqual(before);
    expect(await test.db.query(`SELECT 1 FROM outbox WHERE headers->>'Reply-To' = $1`, [others[0]])).toHaveLength(1);
    expect(await test.db.query('SELECT 1 FROM contact_enquiries WHERE email = $1', [others[0]])).toHaveLength(1);
    // His own are gone.
    expect(await mailTo(bob)).toEqual({ jobs: 1, sent: 0 }); // the goodbye, not yet sent
  });

  it('keeps rows found by an address out of the export and the erasure until the account proves the address', async () => {
    const victim = `victim.${tag()}@example.org`;
    const enquiry = { 'first-name': 'Vic', 'last-name': 'Tim', email: victim, 'phone-number': '07700900789', message: 'My private question.' };
    expect((await getJson(app(), '/api/contact', sendJson(null, enquiry))).status).toBe(201);
    expect((await getJson(app(), '/api/subscriptions', sendJson(null, { name: 'Vic', email: victim }))).status).toBeLessThan(300);
    await runJobs(test.db);

    // Someone else signs up with his address (no confirmation required): none of the victim's rows are shown or erased.
    const impostor = await member(victim, false);
    const shown = await exportOf(impostor.access_token);
    expect(shown.contact_enquiries).toEqual([]);
    expect(shown.newsletter_subscription).toEqual([]);
    expect(JSON.stringify(shown)).not.toContain('My private question');
    expect((await erase(impostor.access_token)).status).toBe(200);
    expect(await test.db.query('SELECT 1 FROM contact_enquiries WHERE email = $1', [victim])).toHaveLength(1);
    expect(await test.db.query('SELECT 1 FROM newsletter_subscriptions WHERE email = $1', [victim])).toHaveLength(1);
    expect(await test.db.query(`SELECT 1 FROM outbox WHERE headers->>'Reply-To' = $1`, [victim])).toHaveLength(1);

    // The owner, who opens a link sent to the address, sees them and can erase them.
    const owner = await member(victim, true);
    const his = await exportOf(owner.access_token);
    expect(his.contact_enquiries).toMatchObject([{ email: victim, message: 'My private question.' }]);
    expect(his.newsletter_subscription).toMatchObject([{ email: victim }]);
    expect((await erase(owner.access_token)).status).toBe(200);
    expect(await test.db.query('SELECT 1 FROM contact_enquiries WHERE email = $1', [victim])).toHaveLength(0);
    expect(await test.db.query('SELECT 1 FROM newsletter_subscriptions WHERE email = $1', [victim])).toHaveLength(0);
    expect(await test.db.query(`SELECT 1 FROM outbox WHERE headers->>'Reply-To' = $1`, [victim])).toHaveLength(0);
  });

  // PGlite has one connection: a transaction held open there would block the requests themselves.
  it.runIf(engine === 'postgres')('refuses a consent and a booking with 401 when an erasure commits under them', async () => {
    const email = `racer.${tag()}@example.org`;
    const session = await member(email, true);
    const auth = session.access_token;
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(auth, { ...validConsent(), eventId: event.event_id }));
    expect(consent.status).toBe(201);
    const [{ profile_id: profileId } = { profile_id: 0 }] = await test.db.query<{ profile_id: number }>('SELECT profile_id FROM member_profiles WHERE user_id = $1::uuid', [session.user.id]);

    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let xid = '';
    const locked = new Promise<void>((resolve) => {
      // As "Delete my account" does: his account and profile locked, then deleted, committing later.
      void test.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM auth_users WHERE id = $1::uuid FOR UPDATE', [session.user.id]);
        await tx.query('DELETE FROM member_profiles WHERE profile_id = $1', [profileId]);
        await tx.query('DELETE FROM auth_users WHERE id = $1::uuid', [session.user.id]);
        [{ xid } = { xid: '' }] = await tx.query<{ xid: string }>(
          "SELECT transactionid::text AS xid FROM pg_locks WHERE locktype = 'transactionid' AND pid = pg_backend_pid() AND granted",
        );
        resolve();
        await gate;
      });
    });
    await locked;
    const answers = Promise.all([
      getJson(app(), '/api/medical/consent', sendJson(auth, { ...validConsent(), eventId: event.event_id })),
      getJson(app(), '/api/appointments', sendJson(auth, { eventId: event.event_id, appointmentStartTime: '11:00', consentId: consent.body.consent_id })),
    ]);
    // Both wait on the erasure's row locks before it commits.
    await expect
      .poll(async () => (await test.db.query("SELECT 1 FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND transactionid::text = $1", [xid])).length, {
        timeout: 5_000,
      })
      .toBe(2);
    release();
    const [consentAnswer, bookingAnswer] = await answers;
    expect(consentAnswer.status, JSON.stringify(consentAnswer.body)).toBe(401);
    expect(bookingAnswer.status, JSON.stringify(bookingAnswer.body)).toBe(401);
    expect(await test.db.query('SELECT 1 FROM appointments WHERE user_id = $1::uuid', [session.user.id])).toHaveLength(0);
  });
  // As the waiting-list offer sweep (and the recall sweep, on member_results) does: his row locked, an email queued, committed later.
  it.runIf(engine === 'postgres')('purges the email of a sweep that committed while the erasure waited for its row', async () => {
    const email = `swept.${tag()}@example.org`;
    const session = await member(email, true);
    const [{ profile_id: profileId } = { profile_id: 0 }] = await test.db.query<{ profile_id: number }>('SELECT profile_id FROM member_profiles WHERE user_id = $1::uuid', [session.user.id]);
    await test.db.query(`INSERT INTO waiting_list (event_id, profile_id, user_id, status, joined_at) VALUES ($1, $2, $3, 'waiting', $4)`, [event.event_id, profileId, session.user.id, NOW]);

    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let xid = '';
    let sweep: Promise<void> = Promise.resolve();
    await new Promise<void>((locked) => {
      sweep = test.db.transaction(async (tx) => {
        await tx.query("SELECT 1 FROM waiting_list WHERE profile_id = $1 AND status = 'waiting' FOR UPDATE", [profileId]);
        await jobsFor(test.db).send(tx, 'email', { message: { to: email, subject: 'A place is free for you', text: 'Book it.' }, messageId: `<${randomUUID()}@example.org>` }, { id: randomUUID() });
        [{ xid } = { xid: '' }] = await tx.query<{ xid: string }>(
          "SELECT transactionid::text AS xid FROM pg_locks WHERE locktype = 'transactionid' AND pid = pg_backend_pid() AND granted",
        );
        locked();
        await gate;
      });
    });
    const erased = erase(session.access_token);
    await expect
      .poll(async () => (await test.db.query("SELECT 1 FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND transactionid::text = $1", [xid])).length, {
        timeout: 5_000,
      })
      .toBe(1);
    release();
    await sweep;
    expect((await erased).status).toBe(200);
    const left = await test.db.query<{ subject: string }>(
      `SELECT data->'message'->>'subject' AS subject FROM ${jobsFor(test.db).schema}.job WHERE name = 'email' AND data->'message'->>'to' = $1`,
      [email],
    );
    expect(left.map((j) => j.subject)).toEqual(['Your CHAPS account has been deleted']);
  });
});
