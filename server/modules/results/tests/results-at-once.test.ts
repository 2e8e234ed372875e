/**
 * Results for one tube arriving at the same moment (docs/rules.md#results-entry):
 * the same file posted twice, two different files, or a held line attached, a
 * file line imported and a result typed at once. Whatever arrives together, a
 * tube gets one result, saved once, audited once and emailed once; every other
 * arrival is held (a file's line) or refused (an attach, a typed result) with
 * the reason a second arrival one after the other gets, and the answers' counts
 * say so. On PostgreSQL the requests go to two server processes (two pools on
 * one schema), each race run many times; on PGlite (one connection) the same
 * rounds run and must hold too.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatSampleId } from '../../../../src/domain/sample-id';
import type { ResultHold } from '../../../../src/domain/result-holds';
import type { Database } from '../../../platform/db/adapter';
import { openPostgres } from '../../../platform/db/postgres';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { assignSample } from '../../staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const ARRIVED_AT = new Date('2026-06-19T10:05:00Z');
const EVENT = makeEvent({ event_name: 'Clacton Screening', event_date: '2026-06-20' });
const READY = 'Your PSA result is ready';
const ROUNDS = 20;

type Answer = { saved?: number; held?: number; error?: string; hold?: ResultHold };

describe.each(ENGINES)('results for one tube at once on %s', (engine) => {
  let test: TestDatabase;
  /** A second server process on PostgreSQL (its own pool on the same schema); the same handle on PGlite. */
  let other: Database;
  let processes: Hono[];
  let staff: FastMember;
  let men: { member: FastMember; appointmentId: string; sample: string }[];
  const base = `/api/staff/events/${EVENT.event_id}`;

  const upload = (app: Hono, csv: string) =>
    getJson<Answer>(app, `${base}/results.csv`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' }, body: csv });
  const typed = (app: Hono, appointmentId: string, body: object) => getJson<Answer>(app, `${base}/attendees/${appointmentId}/result`, sendJson(staff.token, body, 'PUT'));
  const attach = (app: Hono, holdId: string, sample: string) =>
    getJson<Answer>(app, `${base}/result-holds/${holdId}/resolve`, sendJson(staff.token, { action: 'attach', sample_id: sample, confirm: true }));

  /** His saved result's value, or null. */
  const valueOf = async (appointmentId: string) =>
    (await test.db.query<{ v: string | null }>('SELECT test_result::text AS v FROM member_results WHERE appointment_id = $1::uuid', [appointmentId]))[0]?.v ?? null;
  /** The saves audited for his booking (a create, or an update replacing a result). */
  const saves = async (appointmentId: string) =>
    (await test.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM staff_audit WHERE action IN ('result.create', 'result.update') AND entity_id = $1", [appointmentId]))[0]!.n;
  const readyTo = async (email: string) => (await sentMail(test.db)).filter((m) => m.subject === READY && m.to === email).length;
  /** The lines held for his tube for this reason. */
  const heldFor = async (appointmentId: string, reason: string) =>
    (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM result_holds WHERE named_appointment_id = $1::uuid AND reason = $2', [appointmentId, reason]))[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    other = test.postgres ? await openPostgres(test.postgres.url, { schema: test.postgres.schema, max: 4 }) : test.db;
    await replaceEvents(test.db, [EVENT]);
    staff = await makeStaff(test.db, AFTER);
    const booked = await bookedMembers(testApp({ db: test.db, now: BOOKED_AT }), test.db, BOOKED_AT, EVENT, ['10:00', '10:15']);
    men = [];
    for (const b of booked) {
      const appointmentId = b.appointment.appointment_id;
      const sample = await test.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM appointments WHERE appointment_id = $1::uuid FOR UPDATE', [appointmentId]);
        const made = await assignSample(tx, { appointmentId, eventId: EVENT.event_id, staffUserId: staff.userId, step: 'labels', at: BOOKED_AT });
        await tx.query(
          'INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id) VALUES ($1::uuid, $2::uuid, $3, $3, $4::uuid)',
          [appointmentId, EVENT.event_id, ARRIVED_AT, staff.userId],
        );
        return made.sampleId!;
      });
      men.push({ member: b.member, appointmentId, sample });
    }
    const env = { SITE_URL: 'https://www.example.org' };
    // The app over the first handle is built last: its handlers send the email jobs sentMail runs.
    processes = [testApp({ db: other, now: AFTER, env }), testApp({ db: test.db, now: AFTER, env })];
  }, 60_000);
  afterAll(async () => {
    if (other && other !== test?.db) await other.close();
    await test?.dispose();
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM member_results');
    await test.db.query('DELETE FROM result_holds');
  });

  it("holds a member-id line for a man who has a result, as a sample line is, and says so in the hold's words", async () => {
    const [man] = men;
    const first = await upload(processes[1]!, `sample_id,psa_ng_ml\n${man!.sample},1.11`);
    expect(first.body).toEqual({ saved: 1, held: 0 });
    const byMember = await getJson<Answer>(processes[0]!, `${base}/results.csv?confirm_profile_ids=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: `profile_id,psa_ng_ml\nCHAPS${man!.member.profileId},2.22`,
    });
    expect(byMember.body).toEqual({ saved: 0, held: 1 });
    expect(await valueOf(man!.appointmentId)).toBe('1.11');
    const [hold] = await test.db.query<{ reason: string; reason_text: string }>('SELECT reason, reason_text FROM result_holds WHERE named_appointment_id = $1::uuid', [man!.appointmentId]);
    expect(hold).toEqual({
      reason: 'result_exists',
      reason_text: `CHAPS${man!.member.profileId} already has a result saved: this line is a second one for him (or the file was imported twice). If it replaces the first, change his result from the attendee list; otherwise discard it.`,
    });
  });

  it('saves a file posted twice at once once: one answer saves each line, the other holds it as a result already saved', async () => {
    const csv = ['sample_id,psa_ng_ml', ...men.map((m, i) => `${formatSampleId(m.sample)},${i + 1}.11`)].join('\n');
    for (let round = 0; round < ROUNDS; round += 1) {
      await test.db.query('DELETE FROM member_results');
      const before = await Promise.all(men.map(async (m) => ({ saves: await saves(m.appointmentId), mails: await readyTo(m.member.email), held: await heldFor(m.appointmentId, 'result_exists') })));
      const answers = await Promise.all(processes.map((app) => upload(app, csv)));
      expect(answers.map((a) => a.status), `round ${round}`).toEqual([200, 200]);
      expect(answers.map((a) => [a.body.saved, a.body.held]).sort(), `round ${round}`).toEqual([
        [0, 2],
        [2, 0],
      ]);
      for (const [i, m] of men.entries()) {
        expect(await valueOf(m.appointmentId), `round ${round}`).toBe(`${i + 1}.11`);
        expect(await saves(m.appointmentId), `round ${round}`).toBe(before[i]!.saves + 1);
        expect(await readyTo(m.member.email), `round ${round}`).toBe(before[i]!.mails + 1);
        expect(await heldFor(m.appointmentId, 'result_exists'), `round ${round}`).toBe(before[i]!.held + 1);
      }
    }
  }, 120_000);

  it('saves one of two different files for the same tube at once, holds the other, and the answers say which', async () => {
    const [man] = men;
    for (let round = 0; round < ROUNDS; round += 1) {
      await test.db.query('DELETE FROM member_results');
      const before = { saves: await saves(man!.appointmentId), mails: await readyTo(man!.member.email), held: await heldFor(man!.appointmentId, 'result_exists') };
      const values = ['1.11', '2.22'];
      const answers = await Promise.all(processes.map((app, i) => upload(app, `sample_id,psa_ng_ml\n${man!.sample},${values[i]}`)));
      expect(answers.map((a) => a.status), `round ${round}`).toEqual([200, 200]);
      const winner = answers.findIndex((a) => a.body.saved === 1);
      expect(winner, `round ${round}`).not.toBe(-1);
      expect(answers[1 - winner]!.body, `round ${round}`).toEqual({ saved: 0, held: 1 });
      expect(await valueOf(man!.appointmentId), `round ${round}`).toBe(values[winner]);
      expect(await saves(man!.appointmentId), `round ${round}`).toBe(before.saves + 1);
      expect(await readyTo(man!.member.email), `round ${round}`).toBe(before.mails + 1);
      expect(await heldFor(man!.appointmentId, 'result_exists'), `round ${round}`).toBe(before.held + 1);
    }
  }, 120_000);

  it('gives a tube one result when a held line is attached, a file line imported and a result typed for it at once', async () => {
    const [man] = men;
    for (let round = 0; round < ROUNDS; round += 1) {
      await test.db.query('DELETE FROM member_results');
      // A line held for his tube (an NHS number not his), for staff to attach.
      const held = await upload(processes[1]!, `sample_id,psa_ng_ml,nhs_number\n${man!.sample},3.33,4010232137`);
      expect(held.body).toEqual({ saved: 0, held: 1 });
      const [hold] = await test.db.query<{ hold_id: string }>("SELECT hold_id::text AS hold_id FROM result_holds WHERE resolution IS NULL AND reason = 'nhs_number_differs'");
      const before = { saves: await saves(man!.appointmentId), mails: await readyTo(man!.member.email), held: await heldFor(man!.appointmentId, 'result_exists') };
      const [attached, imported, entered] = await Promise.all([
        attach(processes[0]!, hold!.hold_id, man!.sample),
        upload(processes[1]!, `sample_id,psa_ng_ml\n${man!.sample},4.44`),
        typed(processes[round % 2]!, man!.appointmentId, { test_result: '5.55', sample_id: man!.sample, replaces: null }),
      ]);
      const won = [attached.status === 200, imported.body.saved === 1, entered.status === 200];
      expect(won.filter(Boolean), `round ${round}: ${JSON.stringify([attached.body, imported.body, entered.body])}`).toHaveLength(1);
      expect(await valueOf(man!.appointmentId), `round ${round}`).toBe(['3.33', '4.44', '5.55'][won.indexOf(true)]);
      // The others are told, with the reason a second arrival one after the other is given.
      if (!won[0]) expect([attached.status, attached.body.error], `round ${round}`).toEqual([409, 'result_exists']);
      if (!won[1]) expect(imported.body, `round ${round}`).toEqual({ saved: 0, held: 1 });
      if (!won[2]) expect([entered.status, entered.body.error], `round ${round}`).toEqual([409, 'result_changed']);
      expect(await heldFor(man!.appointmentId, 'result_exists'), `round ${round}`).toBe(before.held + (won[1] ? 0 : 1));
      expect(await saves(man!.appointmentId), `round ${round}`).toBe(before.saves + 1);
      expect(await readyTo(man!.member.email), `round ${round}`).toBe(before.mails + 1);
      // A line not attached is still waiting for a person.
      const [state] = await test.db.query<{ resolution: string | null }>('SELECT resolution FROM result_holds WHERE hold_id = $1::uuid', [hold!.hold_id]);
      expect(state!.resolution, `round ${round}`).toBe(won[0] ? 'attached' : null);
      await test.db.query('DELETE FROM result_holds');
    }
  }, 180_000);
});
