/**
 * The recall emails (docs/decisions/0020-recall-invitations-and-gp-prompt.md)
 * in settings of their own, each on a fresh database and both engines: an
 * invitation lists only events within RECALL_NEAR_MILES, nearest first,
 * and says so plainly when none is near; a GP prompt is not sent once an
 * answering follow-up is recorded, even after the sweep queued it; two
 * sweeps at once invite each member once. Apart from
 * recall-invitations.test.ts, which follows one cohort through the
 * calendar on one shared database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../../../src/domain/event';
import { createMailer } from '../../../platform/mail';
import { createUnsubscribeLinks } from '../../members/email-choices-service';
import { createEventsService } from '../../events/events-service';
import { createRecallEmailsService } from '../recall-emails-service';
import { createSigner } from '../../../platform/signing';
import { getJson, jobsFor, runJobs, testApp } from '../../../../tests/fixtures/app';
import { sendJson } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const SITE = 'https://www.example.org';
const BOOKED = new Date('2026-08-10T09:00:00Z');
const RESULTS = new Date('2026-08-25T09:00:00Z');
// Sample 2026-08-21; amber (2.50 at 56) is retested in 3 months: due 2026-11-21. Four weeks before is
// Saturday 24 October, still British Summer Time: 09:00 UK time is 08:00 UTC.
const INVITE_AT = new Date('2026-10-24T08:00:00Z');
// Red (4.50 at 56): the GP prompt six weeks after the sample, 2 October (BST).
const GP_AT = new Date('2026-10-02T08:00:00Z');

const at = (latitude: number, longitude: number, city: string) => ({ latitude, longitude, city, address_line_1: `${city} Hall`, address_line_2: null });

describe.each(ENGINES)('how near an invitation\'s events are on %s', (engine) => {
  let test: TestDatabase;
  let clock = BOOKED;
  const colchesterTest = makeEvent({ event_name: 'Colchester Last Test', event_date: '2026-08-21', ...at(51.8959, 0.8919, 'Colchester') });
  const plymouthTest = makeEvent({ event_name: 'Plymouth Last Test', event_date: '2026-08-21', ...at(50.3755, -4.1427, 'Plymouth') });
  // From Colchester: Ipswich about 16 miles, Chelmsford about 22, Norwich about 52, Leeds about 166; the soonest is the furthest.
  const leeds = makeEvent({ event_name: 'Leeds Screening', event_date: '2026-10-30', ...at(53.8008, -1.5491, 'Leeds') });
  const norwich = makeEvent({ event_name: 'Norwich Screening', event_date: '2026-10-31', ...at(52.6309, 1.2974, 'Norwich') });
  const chelmsfordNext = makeEvent({ event_name: 'Chelmsford Screening', event_date: '2026-11-02', ...at(51.7356, 0.4685, 'Chelmsford') });
  const ipswich = makeEvent({ event_name: 'Ipswich Screening', event_date: '2026-11-20', ...at(52.0567, 1.1482, 'Ipswich') });
  const app = () => testApp({ db: test.db, now: () => clock, env: { SITE_URL: SITE } });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [colchesterTest, plymouthTest, leeds, norwich, chelmsfordNext, ipswich]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('lists only events within RECALL_NEAR_MILES, nearest first, the page in the same order, and says so plainly when none is near', async () => {
    const staff = await makeStaff(test.db, BOOKED);
    const [near] = await bookedMembers(app(), test.db, BOOKED, colchesterTest, ['10:00']);
    const [far] = await bookedMembers(app(), test.db, BOOKED, plymouthTest, ['10:00']);
    clock = RESULTS;
    for (const [event, { member, appointment }] of [[colchesterTest, near!], [plymouthTest, far!]] as const) {
      const res = await getJson(app(), `/api/staff/events/${event.event_id}/attendees/${appointment.appointment_id}/result`, sendJson(await staff.tokenAt(clock), { test_result: '2.50' }, 'PUT'));
      expect(res.status).toBe(200);
      await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { recall: true }, 'PUT'));
    }
    await runJobs(test.db);
    clock = INVITE_AT;
    app();
    await jobsFor(test.db).send(test.db, 'recall_emails', {});
    await runJobs(test.db);
    const invitations = (await sentMail(test.db)).filter((m) => m.subject.startsWith('Your next PSA test'));

    const nearMail = invitations.find((m) => m.to === near!.member.email)!;
    expect(nearMail.text).toContain('nearest to Colchester, where you were last tested');
    for (const gone of ['Leeds', 'Norwich']) expect(nearMail.text).not.toContain(gone);
    const listedInMail = ['Ipswich Screening', 'Chelmsford Screening'];
    expect(listedInMail.map((name) => nearMail.text.indexOf(`${name}\n`))).toEqual([...listedInMail.map((name) => nearMail.text.indexOf(`${name}\n`))].sort((a, b) => a - b));
    expect(nearMail.text).toContain('(about 16 miles away)');
    // The page the link opens lists the same events in the same order.
    const link = new URL(/See these events and book: (\S+)/.exec(nearMail.text)![1]!);
    const page = await getJson<{ events: ScreeningEvent[] }>(app(), `/api/events${link.search}`);
    expect(page.body.events.map((e) => e.event_name)).toEqual(listedInMail);

    const farMail = invitations.find((m) => m.to === far!.member.email)!;
    expect(farMail.text).toContain('There is no screening event open for booking within 50 miles of Plymouth, where you were last tested, yet.');
    expect(farMail.text).not.toContain('Screening\n');
    expect(farMail.text).toContain(`See all upcoming events: ${SITE}/book-event-main\n`);
    const [stored] = await test.db.query<{ ids: string[] }>('SELECT recall_invited_events::text[] AS ids FROM member_results WHERE profile_id = $1', [far!.member.profileId]);
    expect(stored!.ids).toEqual([]);
  });
});

describe.each(ENGINES)('the GP prompt and a recorded follow-up on %s', (engine) => {
  let test: TestDatabase;
  let clock = BOOKED;
  const event = makeEvent({ event_name: 'Ipswich Last Test', event_date: '2026-08-21', end_time: '13:00' });
  const app = () => testApp({ db: test.db, now: () => clock, env: { SITE_URL: SITE } });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('sends no prompt once an answering outcome is recorded, before the sweep or after it queued the email; "Not known" answers nothing', async () => {
    const staff = await makeStaff(test.db, BOOKED);
    const booked = await bookedMembers(app(), test.db, BOOKED, event, ['10:00', '10:15', '10:30', '10:45']);
    const [referredBefore, seenAfter, unknown, nothing] = booked;
    clock = RESULTS;
    const follow = async (who: (typeof booked)[number], outcome: string) => {
      const res = await getJson(app(), `/api/staff/events/${event.event_id}/attendees/${who.appointment.appointment_id}/follow-up`, sendJson(await staff.tokenAt(clock), { outcome }, 'PUT'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    for (const { appointment } of booked) {
      const res = await getJson(app(), `/api/staff/events/${event.event_id}/attendees/${appointment.appointment_id}/result`, sendJson(await staff.tokenAt(clock), { test_result: '4.50' }, 'PUT'));
      expect(res.status).toBe(200);
    }
    await runJobs(test.db);
    // Recorded before the sweep: "Referred" (the case that reached a man under a hospital's care), and "Not known".
    await follow(referredBefore!, 'referred');
    await follow(unknown!, 'not_known');

    // The sweep queues the prompts it finds due; nothing is sent yet.
    clock = GP_AT;
    app();
    const mailer = createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } });
    const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
    const sweep = createRecallEmailsService(test.db, () => clock, mailer, () => createEventsService(test.db, () => clock).list({}), SITE, links);
    expect((await sweep.sendDue()).gpPrompts).toBe(3);
    // Recorded after it was queued, before it is sent: "Seen GP".
    await follow(seenAfter!, 'seen_gp');
    await runJobs(test.db);

    const prompts = (await sentMail(test.db)).filter((m) => m.subject === 'Have you seen your GP about your PSA result?');
    expect(prompts.map((m) => m.to).sort()).toEqual([unknown!.member.email, nothing!.member.email].sort());
    // Later sweeps send nothing more.
    expect((await sweep.sendDue()).gpPrompts).toBe(0);
    await runJobs(test.db);
    expect((await sentMail(test.db)).filter((m) => m.subject === 'Have you seen your GP about your PSA result?')).toHaveLength(2);
  });
});

describe.each(ENGINES)('two recall sweeps at once on %s', (engine) => {
  let test: TestDatabase;
  let clock = BOOKED;
  const event = makeEvent({ event_name: 'Ipswich Last Test', event_date: '2026-08-21' });
  const next = makeEvent({ event_name: 'Felixstowe Screening', event_date: '2026-11-28', latitude: 51.9617, longitude: 1.3513 });
  const app = () => testApp({ db: test.db, now: () => clock, env: { SITE_URL: SITE } });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event, next]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('invites each member once', async () => {
    const staff = await makeStaff(test.db, BOOKED);
    const booked = await bookedMembers(app(), test.db, BOOKED, event, ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
    clock = RESULTS;
    for (const { member, appointment } of booked) {
      await getJson(app(), `/api/staff/events/${event.event_id}/attendees/${appointment.appointment_id}/result`, sendJson(await staff.tokenAt(clock), { test_result: '2.50' }, 'PUT'));
      await getJson(app(), '/api/email-choices', sendJson(await member.tokenAt(clock), { recall: true }, 'PUT'));
    }
    await runJobs(test.db);
    clock = INVITE_AT;
    const mailer = createMailer({ db: test.db, jobs: jobsFor(test.db), env: { mailFrom: 'CHAPS <no-reply@example.org>' } });
    const links = createUnsubscribeLinks(createSigner(test.db, undefined), SITE);
    const sweeps = [1, 2].map(() => createRecallEmailsService(test.db, () => clock, mailer, () => createEventsService(test.db, () => clock).list({}), SITE, links));
    const counts = await Promise.all(sweeps.map((s) => s.sendDue()));
    expect(counts.reduce((sum, c) => sum + c.invitations, 0)).toBe(6);
    const sent = (await sentMail(test.db)).filter((m) => m.subject.startsWith('Your next PSA test'));
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set(booked.map((b) => b.member.email)));
    expect((await Promise.all(sweeps.map((s) => s.sendDue()))).every((c) => c.invitations === 0)).toBe(true);
  });
});
