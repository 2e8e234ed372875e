/**
 * Email choices and one-click unsubscribe
 * (docs/decisions/0018-email-choices-and-unsubscribe.md): the defaults
 * (reminders and waiting-list offers on, recall and newsletter asked for); the
 * member's own changes, signed in; a reminder that carries RFC 8058's
 * List-Unsubscribe and List-Unsubscribe-Post and a link in its words; a mail
 * program's one-click POST, with no sign-in, that turns reminders off so the
 * next is not sent; opening the link changes nothing; an altered or another
 * kind's token does nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_CHOICES } from '../../../../src/domain/email-choices';
import type { Appointment } from '../../../../src/domain/booking';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { createUnsubscribeLinks } from '../email-choices-service';
import { createSigner } from '../../../platform/signing';

const BOOKED = new Date('2026-10-01T09:00:00Z');
const SITE = 'https://www.example.org';

describe.each(ENGINES)('email choices on %s', (engine) => {
  let test: TestDatabase;
  let clock = BOOKED;
  const first = makeEvent({ event_name: 'First Visit', event_date: '2026-10-20' });
  const second = makeEvent({ event_name: 'Second Visit', event_date: '2026-11-20' });
  const app = () => testApp({ db: test.db, now: () => clock, env: { SITE_URL: SITE } });
  const choicesOf = async (who: FastMember) => getJson<{ choices: typeof DEFAULT_EMAIL_CHOICES }>(app(), '/api/email-choices', { headers: { Authorization: `Bearer ${await who.tokenAt(clock)}` } });

  async function book(who: FastMember, event: ReturnType<typeof makeEvent>): Promise<Appointment> {
    const token = await who.tokenAt(clock);
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(token, { ...validConsent(), eventId: event.event_id }));
    const res = await getJson<{ appointment: Appointment }>(app(), '/api/appointments', sendJson(token, { eventId: event.event_id, appointmentStartTime: '10:00', consentId: consent.body.consent_id }));
    expect(res.status).toBe(201);
    return res.body.appointment;
  }
  async function sweep(at: Date) {
    clock = at;
    app();
    await jobsFor(test.db).send(test.db, 'appointment_reminders', {});
    await runJobs(test.db);
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [first, second]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('starts with reminders and offers on, recall and newsletter off; the member changes them signed in', async () => {
    const [member] = (await fastMembers(test.db, 1, clock)) as [FastMember];
    expect((await choicesOf(member)).body.choices).toEqual({ reminders: true, recall: false, gp_prompt: true, waiting_list: true, newsletter: false });
    const put = await getJson<{ choices: unknown }>(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { recall: true, newsletter: true }, 'PUT'));
    expect(put.status).toBe(200);
    expect((await choicesOf(member)).body.choices).toEqual({ reminders: true, recall: true, gp_prompt: true, waiting_list: true, newsletter: true });
    expect((await getJson(app(), '/api/email-choices')).status).toBe(401);
    for (const bad of [{}, { recall: 'yes' }, { sms: true }, { recall: null }]) {
      expect((await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), bad, 'PUT'))).status).toBe(422);
    }
  });

  it('a reminder carries one-click unsubscribe; the POST works signed out and stops the next reminder', async () => {
    const [member] = (await fastMembers(test.db, 1, BOOKED)) as [FastMember];
    clock = BOOKED;
    await book(member, first);
    await book(member, second);
    await runJobs(test.db);
    await sweep(new Date('2026-10-19T08:00:00Z'));
    const reminder = (await sentMail(test.db)).find((m) => m.to === member.email && m.subject.startsWith('Reminder:'))!;
    expect(reminder.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/www\.example\.org\/unsubscribe\?t=[^>]+)>$/.exec(reminder.headers['List-Unsubscribe']!)![1]!;
    expect(reminder.text).toContain(`Unsubscribe from appointment reminders: ${url}`);
    expect(reminder.html).toContain('Unsubscribe from appointment reminders');
    const path = url.slice(SITE.length);

    // Opening the link (a person, or a mail scanner) shows a button and changes nothing.
    const opened = await app().request(path);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Appointment reminders');
    expect((await choicesOf(member)).body.choices.reminders).toBe(true);

    // An altered token, or one re-pointed at another kind, does nothing.
    const token = new URL(url).searchParams.get('t')!;
    const [publicId, , signature] = token.split('.');
    for (const bad of [`${token}x`, `${publicId}.newsletter.${signature}`, 'nonsense', '']) {
      const res = await app().request(`/unsubscribe?t=${encodeURIComponent(bad)}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(res.status).toBe(400);
    }
    expect((await choicesOf(member)).body.choices.reminders).toBe(true);

    // RFC 8058: the mail program POSTs List-Unsubscribe=One-Click, with no cookie and no sign-in.
    const oneClick = await app().request(path, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You will no longer get reminders');
    expect((await choicesOf(member)).body.choices).toMatchObject({ reminders: false, recall: false, newsletter: false });
    // Again: the same answer, nothing else changes.
    expect((await app().request(path, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);

    await sweep(new Date('2026-11-19T09:00:00Z'));
    expect((await sentMail(test.db)).filter((m) => m.to === member.email && m.subject.startsWith('Reminder:'))).toHaveLength(1);

    // Turned back on in time, the next reminder goes.
    await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { reminders: true }, 'PUT'));
    await sweep(new Date('2026-11-19T09:01:00Z'));
    expect((await sentMail(test.db)).filter((m) => m.to === member.email && m.subject.startsWith('Reminder:'))).toHaveLength(2);
  });
  it('the newsletter choice is his place on the newsletter list: the form, the portal and the unsubscribe link agree', async () => {
    const [member] = (await fastMembers(test.db, 1, clock)) as [FastMember];
    const listed = async () => (await test.db.query('SELECT name FROM newsletter_subscriptions WHERE email = $1', [member.email.toLowerCase()])).length;
    // Signed up on the public form before.
    const form = await getJson(app(), '/api/subscriptions', sendJson(null, { name: 'Alan Early', email: member.email.toUpperCase(), hear_about_event: true }));
    expect(form.status).toBe(201);
    // Until he has proven the address is his (anyone may sign up as it where no confirmation is asked),
    // the portal neither shows nor clears the subscription found by address.
    expect((await choicesOf(member)).body.choices.newsletter).toBe(false);
    await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { newsletter: false }, 'PUT'));
    expect(await listed()).toBe(1);
    // He opens a link sent to it: now the list's row is his, and the portal shows it on.
    await test.db.query('UPDATE auth_users SET email_proven_at = $2 WHERE id = $1::uuid', [member.userId, clock]);
    expect((await choicesOf(member)).body.choices.newsletter).toBe(true);
    // Off in the portal: off the list.
    await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { newsletter: false }, 'PUT'));
    expect(await listed()).toBe(0);
    expect((await choicesOf(member)).body.choices.newsletter).toBe(false);
    // On again: on the list, under his profile's name.
    await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { newsletter: true }, 'PUT'));
    expect(await listed()).toBe(1);
    // A newsletter's one-click link takes him off it, signed out.
    const link = await createUnsubscribeLinks(createSigner(test.db, undefined), SITE).linkFor(member.publicId, 'newsletter');
    const res = await app().request(new URL(link.url).pathname + new URL(link.url).search, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await listed()).toBe(0);
    expect((await choicesOf(member)).body.choices.newsletter).toBe(false);
  });

  it('the unsubscribe page wears the built site: its stylesheet and header (no navigation, no script) and the site’s button', async () => {
    const [member] = (await fastMembers(test.db, 1, clock)) as [FastMember];
    const dir = mkdtempSync(join(tmpdir(), 'chaps-frame-'));
    try {
      mkdirSync(join(dir, 'prerendered'));
      writeFileSync(join(dir, 'index.html'), '<html><head><script type="module" src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>');
      writeFileSync(
        join(dir, 'prerendered/index.html'),
        '<html><head></head><body><div id="root"><a class="skip-link" href="#main">Skip</a><header class="site-header"><a class="logo" href="/">CHAPS<span class="visually-hidden">, home page</span></a><nav class="site-nav"><button disabled>Menu</button></nav></header><main>Home words</main></div><script src="/assets/index-1.js"></script></body></html>',
      );
      const framed = testApp({ db: test.db, now: () => clock, env: { SITE_URL: SITE, STATIC_DIR: dir } });
      const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
      const { url } = await links.linkFor(member.publicId, 'reminders');
      for (const res of [await framed.request(url.slice(SITE.length)), await framed.request(url.slice(SITE.length), { method: 'POST', body: 'List-Unsubscribe=One-Click' }), await framed.request('/unsubscribe?t=nonsense')]) {
        const html = await res.text();
        expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
        expect(html).toContain('<header class="site-header"><a class="logo" href="/">CHAPS');
        expect(html).not.toContain('<nav');
        expect(html).not.toContain('<script');
        expect(html).not.toContain('Home words');
        expect(res.headers.get('Content-Security-Policy')).toMatch(/style-src 'self'/);
      }
      expect(await (await framed.request(url.slice(SITE.length))).text()).toContain('<button type="submit" class="button button-primary">Unsubscribe</button>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
