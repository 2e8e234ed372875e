/**
 * An erasure while a worker in another process is sending the member's
 * confirmation (PostgreSQL only: PGlite is one process's): he is sent
 * nothing but the goodbye, and no job row keeps his address or name. Apart
 * from email-reasons.test.ts, whose cases run in this process on every
 * engine, because this one starts tests/fixtures/processes/email-worker.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../../src/domain/booking';
import { getJson, jobsFor, testApp } from '../../../../tests/fixtures/app';
import { sendJson, validConsent } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { createProfile, profileFields, signUp, uniqueEmail } from '../../../../tests/fixtures/members';
import { testSmtp, type TestSmtp } from '../../../../tests/fixtures/smtp';
import { delivered, jobRowsHolding, until } from './email-delivery';

const BOOKED = new Date('2026-10-01T09:00:00Z');
const EVENT_DATE = '2026-10-22';
const PASSWORD = 'correct-horse-1';
const WORKER = resolve(import.meta.dirname, '../../../../tests/fixtures/processes/email-worker.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

describe.runIf(ENGINES.includes('postgres'))('an erasure while another process sends his email, on postgres', () => {
  let test: TestDatabase;
  let smtp: TestSmtp;
  let worker: ChildProcess | undefined;
  const event = makeEvent({ event_name: 'Friday Screening', event_date: EVENT_DATE, start_time: '10:00', end_time: '12:00' });
  const app = () => testApp({ db: test.db, now: () => BOOKED, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    smtp = await testSmtp();
    await replaceEvents(test.db, [event]);
    // pg-boss's tables and queues, made here before the worker starts.
    await jobsFor(test.db).start();
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await jobsFor(test.db).stop();
    await smtp?.close();
    await test?.dispose();
  });

  function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', TSX, WORKER], {
      env: { PATH: process.env.PATH ?? '', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL!, WORKER_SCHEMA: test.db.schema!, WORKER_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker = child;
    return new Promise((ready, failed) => {
      let err = '';
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready(child));
      child.on('exit', (code) => failed(new Error(`the worker exited with ${code}: ${err}`)));
    });
  }

  it('sends him nothing but the goodbye once his account is gone, and keeps no job with his address', async () => {
    const email = uniqueEmail('otherprocess');
    const session = await signUp(app(), email, PASSWORD);
    expect((await createProfile(app(), session.access_token, profileFields({ first_name: 'Reginald' }))).status).toBe(201);
    await startWorker();
    smtp.holding = true;
    const consent = await getJson<{ consent_id: string }>(app(), '/api/medical/consent', sendJson(session.access_token, { ...validConsent(), eventId: event.event_id }));
    const booked = await getJson<{ appointment: Appointment }>(
      app(),
      '/api/appointments',
      sendJson(session.access_token, { eventId: event.event_id, appointmentStartTime: '10:00', consentId: consent.body.consent_id }),
    );
    expect(booked.status).toBe(201);
    // The other process has his confirmation at the mail server, unanswered.
    await until(() => smtp.held >= 1, 20_000, 'the worker to be sending the confirmation');
    expect((await getJson(app(), `/api/appointments/${booked.body.appointment.appointment_id}/cancel`, sendJson(session.access_token, {}))).status).toBe(200);
    expect((await getJson(app(), '/api/me/delete', sendJson(session.access_token, { password: PASSWORD }))).status).toBe(200);

    // A 451: the worker's retry, a second or two later, would send it again.
    smtp.release('451 4.3.0 Try again later');
    await until(() => delivered(smtp).some((m) => m.to === email), 30_000, 'the goodbye');
    await new Promise((done) => setTimeout(done, 4000));
    expect(delivered(smtp).filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Your CHAPS account has been deleted']);
    expect(await jobRowsHolding(test.db, email)).toBe(0);
    expect(await jobRowsHolding(test.db, 'Reginald')).toBe(0);
  }, 90_000);
});
