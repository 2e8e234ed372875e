/**
 * POST /api/medical/consent: the member from the token, the rules of
 * docs/rules.md#consent on the server (422 with the field and its message),
 * another member's profileId (403), a missing or mistyped eventId (422
 * naming it), unknown events (404), hostile input; and
 * the signed /test-consent links (GET to check, POST to file): valid, altered,
 * expired, missing parts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_REFUSALS } from '../../../../src/domain/booking';
import { EVENT_ID_MESSAGE } from '../../../../src/domain/booking-request';
import { CONSENT_MESSAGES, CONSENT_VERSION } from '../../../../src/domain/consent';
import { makeConsentLink, TEST_CONSENT_INVALID, TEST_CONSENT_USED, type ConsentLink } from '../consent-links';
import { createSigner } from '../../../platform/signing';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { isCleanText } from '../../../platform/http/text-rules';

const NOW = new Date('2026-06-10T09:00:00Z');
const DAY_MS = 86_400_000;
type Answer = { status?: string; consent_id?: string; error?: string; message?: string; issues?: { path: string; field: string; message: string }[] };

describe.each(ENGINES)('consent on %s', (engine) => {
  let test: TestDatabase;
  let member: FastMember;
  let other: FastMember;
  const event = makeEvent({ event_date: '2026-06-20' });
  // On NOW (10:00 on 10 June, London): booking closed 24 hours before 20:00 today; yesterday's has ended; one cancelled.
  const closed = makeEvent({ event_date: '2026-06-10', start_time: '20:00', end_time: '22:00' });
  const ended = makeEvent({ event_date: '2026-06-09' });
  const cancelled = makeEvent({ event_date: '2026-06-25' });
  const app = (now = NOW) => testApp({ db: test.db, now });
  const file = (body: unknown, token: string | null = member.token) => getJson<Answer>(app(), '/api/medical/consent', sendJson(token, body));
  const link = (profileId: number, date = '2026-07-01', now = NOW, days?: number) =>
    makeConsentLink(createSigner(test.db, undefined), profileId, date, now, days);
  const fileByLink = (params: Partial<ConsentLink> | Record<string, unknown>, now = NOW) =>
    getJson<Answer>(app(now), '/api/medical/test-consent', sendJson(null, { ...validConsent(), ...params }));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [event, closed, ended, cancelled]);
    await test.db.query('UPDATE events SET cancelled_at = $2 WHERE event_id = $1::uuid', [cancelled.event_id, NOW]);
    [member, other] = (await fastMembers(test.db, 2, NOW)) as [FastMember, FastMember];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('files a valid consent for the caller: 201 with its id, stored with the version and the event date', async () => {
    const res = await file({ ...validConsent({ consentToPrivateGp: true }), eventId: event.event_id, profileId: member.profileId, psaTestDate: '2026-06-20' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'success', consent_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await test.db.query<{ profile_id: number; consent_version: string; psa_test_date: string; answers: unknown }>(
      "SELECT profile_id, consent_version, to_char(psa_test_date, 'YYYY-MM-DD') AS psa_test_date, answers FROM consents WHERE consent_id = $1",
      [res.body.consent_id],
    );
    expect(row).toMatchObject({ profile_id: member.profileId, consent_version: CONSENT_VERSION, psa_test_date: '2026-06-20' });
    const answers = typeof row!.answers === 'string' ? JSON.parse(row!.answers) : row!.answers;
    expect(answers).toMatchObject({ consentToPrivateGp: true, numberOfPsaTest: 1 });
    // The CHAPS form of the caller's own id is the caller's too.
    expect((await file({ ...validConsent(), eventId: event.event_id, profileId: `CHAPS${member.profileId}` })).status).toBe(201);
  });

  it('files no consent for an event that can no longer be booked: closed, ended or cancelled, as the booking would say', async () => {
    for (const [closedEvent, code] of [
      [closed, 'booking_closed'],
      [ended, 'event_passed'],
      [cancelled, 'event_cancelled'],
    ] as const) {
      const res = await file({ ...validConsent(), eventId: closedEvent.event_id });
      expect([res.status, (res.body as unknown as { error: string }).error]).toEqual([BOOKING_REFUSALS[code], code]);
    }
    const filed = await test.db.query('SELECT 1 FROM consents WHERE event_id = ANY($1::uuid[])', [[closed.event_id, ended.event_id, cancelled.event_id]]);
    expect(filed).toEqual([]);
  });

  it("answers 401 without a token, 403 for another member's profileId, 422 naming a missing or mistyped eventId, 404 for an unknown event", async () => {
    expect((await file({ ...validConsent(), eventId: event.event_id }, null)).status).toBe(401);
    const forbidden = await file({ ...validConsent(), eventId: event.event_id, profileId: other.profileId });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('forbidden');
    for (const eventId of ['6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', 'nope']) {
      expect((await file({ ...validConsent(), eventId })).status).toBe(404);
    }
    for (const eventId of [undefined, null, 7, '', ['x']]) {
      const res = await file({ ...validConsent(), eventId });
      expect([res.status, res.body], JSON.stringify(eventId)).toEqual([
        422,
        { error: 'validation_failed', message: EVENT_ID_MESSAGE, issues: [{ path: 'eventId', field: 'eventId', message: EVENT_ID_MESSAGE }] },
      ]);
    }
    // Another's profileId is still refused first, whatever the event.
    expect((await file({ ...validConsent(), profileId: other.profileId })).status).toBe(403);
  });

  it.each([
    ['numberOfPsaTest', { numberOfPsaTest: null }, CONSENT_MESSAGES.required],
    ['familyHistoryProstateCancer', { familyHistoryProstateCancer: null }, CONSENT_MESSAGES.required],
    ['familyMemberWithProstateCancer', { familyHistoryProstateCancer: 'Yes' }, CONSENT_MESSAGES.relatives],
    ['familyHistoryBreastOvarianCancer', { familyHistoryBreastOvarianCancer: null }, CONSENT_MESSAGES.required],
    ['familyMemberWithOvarianCancer', { familyHistoryBreastOvarianCancer: 'Yes', motherSideDetails: '   ' }, CONSENT_MESSAGES.relatives],
    ['medicationHistory', { medicationHistory: null }, CONSENT_MESSAGES.required],
    ['agreeToTerms', { agreeToTerms: false }, CONSENT_MESSAGES.terms],
    ['consentToSampleTesting', { consentToSampleTesting: false }, CONSENT_MESSAGES.samples],
  ] as const)('answers 422 naming %s with the form’s message', async (field, change, message) => {
    const res = await file({ ...validConsent(change as never), eventId: event.event_id });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'invalid_consent', message, issues: [{ path: field, field, message }] });
  });

  it('accepts relatives or details for a Yes, and refuses wrong types, unknown options, control characters and long text', async () => {
    const yes = { familyHistoryProstateCancer: 'Yes', familyMemberWithProstateCancer: ['Father'], familyHistoryBreastOvarianCancer: 'Yes', familyMemberWithOvarianCancer: [], motherSideDetails: 'Aunt, breast cancer at 50' };
    expect((await file({ ...validConsent(), ...yes, eventId: event.event_id })).status).toBe(201);
    const hostile: Record<string, unknown>[] = [
      { numberOfPsaTest: 9 }, { numberOfPsaTest: '1; DROP TABLE consents' }, { familyHistoryProstateCancer: 'Maybe' },
      { familyHistoryProstateCancer: 'Yes', familyMemberWithProstateCancer: ['Cousin'] }, { familyMemberWithProstateCancer: 'Father' },
      { medicationHistory: { $ne: null } }, { agreeToTerms: 'true' },
      { familyHistoryBreastOvarianCancer: 'Yes', motherSideDetails: 'nul\u0000byte' },
      { familyHistoryBreastOvarianCancer: 'Yes', motherSideDetails: 'lone \ud800 surrogate' },
      { familyHistoryBreastOvarianCancer: 'Yes', motherSideDetails: 'x'.repeat(2001) },
    ];
    // Control characters and broken Unicode are refused at the edge by the
    // one text rule every body passes (server/platform/http/text-rules.ts); the rest
    // by the consent rules.
    const atTheEdge = (change: Record<string, unknown>) =>
      typeof change.motherSideDetails === 'string' && !isCleanText(change.motherSideDetails);
    for (const change of hostile) {
      const res = await file({ ...validConsent(), ...change, eventId: event.event_id });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(422);
      expect(res.body.error).toBe(atTheEdge(change) ? 'validation_failed' : 'invalid_consent');
    }
    const wrongDate = await file({ ...validConsent(), eventId: event.event_id, psaTestDate: '2026-06-21' });
    expect(wrongDate.body.issues).toEqual([expect.objectContaining({ field: 'psaTestDate' })]);
    expect((await file({ ...validConsent(), eventId: event.event_id, pad: 'x'.repeat(40_000) })).status).toBe(413);
  });

  it('checks and files a /test-consent link without sign-in', async () => {
    const valid = await link(member.profileId);
    const checked = await getJson(app(), `/api/medical/test-consent?${new URLSearchParams({ ...valid })}`);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ status: 'success', profile_id: member.profileId, test_date: '2026-07-01' });
    const filed = await fileByLink(valid);
    expect(filed.status).toBe(201);
    const [row] = await test.db.query<{ source: string; event_id: string | null; psa_test_date: string }>(
      "SELECT source, event_id, to_char(psa_test_date, 'YYYY-MM-DD') AS psa_test_date FROM consents WHERE consent_id = $1",
      [filed.body.consent_id],
    );
    expect(row).toEqual({ source: 'test-consent', event_id: null, psa_test_date: '2026-07-01' });
    const invalidAnswers = await fileByLink({ ...valid, agreeToTerms: false });
    expect(invalidAnswers.status).toBe(422);
  });

  it('files one consent per link: ten parallel tries file one, and the link then says it was used', async () => {
    const once = await link(other.profileId, '2026-08-01');
    const tries = await Promise.all(Array.from({ length: 10 }, () => fileByLink(once)));
    expect(tries.map((t) => t.status).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    expect(tries.find((t) => t.status === 409)?.body).toEqual({ error: 'link_used', message: TEST_CONSENT_USED });
    const [{ n }] = (await test.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM consents WHERE profile_id = $1 AND psa_test_date = '2026-08-01'", [other.profileId])) as [{ n: number }];
    expect(n).toBe(1);
    expect((await getJson(app(), `/api/medical/test-consent?${new URLSearchParams({ ...once })}`)).status).toBe(409);
    // A new link for the same profile and date (staff issue one) files again.
    expect((await fileByLink(await link(other.profileId, '2026-08-01', NOW, 10))).status).toBe(201);
  });

  it('refuses altered, expired, incomplete or foreign links with the bad-link message', async () => {
    const valid = await link(member.profileId, '2026-07-01', NOW, 1);
    const bad: Record<string, unknown>[] = [
      { ...valid, profile_id: String(other.profileId) },
      { ...valid, test_date: '2026-07-02' },
      { ...valid, expires: String(Number(valid.expires) + 86_400) },
      { ...valid, signature: valid.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...valid, signature: undefined }, { ...valid, profile_id: undefined }, { ...valid, test_date: undefined },
      { ...valid, expires: undefined }, { ...valid, test_date: '2026-02-30' }, { ...valid, signature: ['x'] },
    ];
    for (const params of bad) {
      const res = await fileByLink(params);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'invalid_link', message: TEST_CONSENT_INVALID });
    }
    expect((await fileByLink(valid, new Date(NOW.getTime() + DAY_MS + 1000))).status).toBe(403);
    expect((await getJson(app(), '/api/medical/test-consent?profile_id=1')).status).toBe(403);
    // Signed, but for a profile that does not exist.
    expect((await fileByLink(await link(999_999))).status).toBe(403);
  });
});
