/**
 * Card capture under contention against the real server and its local
 * PayPal sandbox, over HTTP, on PGlite and on PostgreSQL:
 * - one member's approved order captured by CAPTURES requests at once (tabs,
 *   retries): expected one 201, the rest 200 with the same capture, one
 *   transaction row, one PayPal capture, one confirmed appointment;
 * - MEMBERS members race for the last PLACES places of a paid event, each
 *   through create-order, the card confirmed at the sandbox as its SDK
 *   does, then capture: expected PLACES bookings paid by card, every other
 *   member refused at create-order (409) before any money moves, no slot
 *   twice, no refund, one PayPal capture per booking.
 * Members, consents and the events are written into the database before
 * the server starts; the counts are read from it after the server stops.
 * The server runs with NODE_ENV=development: the local sandbox is never
 * mounted in production (server/stand-ins/allowed.ts).
 */
import { addDays, londonDate } from '../../src/domain/london-time.ts';
import { slotTimes } from '../../src/domain/slots.ts';
import { CONSENT_VERSION } from '../../src/domain/consent.ts';
import type { Database, Queryable } from '../../server/platform/db/adapter.ts';
import { insertEvent } from '../../server/modules/events';
import { migrate } from '../../server/platform/db/migrate.ts';
import { fastMembers, takePlaces, validConsent, type FastMember } from '../../tests/fixtures/bookings.ts';
import { makeEvent } from '../../tests/fixtures/events.ts';

export const CAPTURE_BENCH = { CAPTURES: 50, MEMBERS: 200, SLOTS: 20, PLACES_LEFT: 5 } as const;

interface Attempt {
  member: FastMember;
  body: { eventId: string; appointmentStartTime: string; consentId: string };
}

export interface CapturePlan {
  raceEventId: string;
  race: Attempt;
  lastEventId: string;
  lastPlaces: Attempt[];
  freeSlots: string[];
}

export interface CaptureRaceResult {
  settleMs: number;
  p50Ms: number;
  maxMs: number;
  created: number;
  replayed: number;
  other: number;
  captureIds: number;
}

export interface LastPlacesResult {
  settleMs: number;
  ordered: number;
  refusedAtOrder: number;
  orderOther: number;
  captured: number;
  captureOther: number;
}

export interface CaptureCounts {
  raceTransactions: number;
  raceConfirmed: number;
  racePayPalCaptures: number;
  lastConfirmed: number;
  lastPaidByCard: number;
  lastTransactions: number;
  lastPayPalCaptures: number;
  slotsTwice: number;
  refunds: number;
}

export interface CaptureRun {
  database: string;
  race?: CaptureRaceResult;
  lastPlaces?: LastPlacesResult;
  counts?: CaptureCounts;
  note?: string;
}

async function consentsFor(db: Queryable, members: FastMember[], eventId: string, eventDate: string): Promise<Map<number, string>> {
  const rows = await db.query<{ consent_id: string; profile_id: number }>(
    `INSERT INTO consents (profile_id, event_id, psa_test_date, answers, consent_version, source)
     SELECT unnest($1::integer[]), $2::uuid, $3::date, $4::jsonb, $5, 'booking'
     RETURNING consent_id::text AS consent_id, profile_id`,
    [members.map((m) => m.profileId), eventId, eventDate, JSON.stringify(validConsent()), CONSENT_VERSION],
  );
  return new Map(rows.map((r) => [r.profile_id, r.consent_id]));
}

/** Writes both scenarios into `db` (then closed). */
export async function prepareCaptureBench(db: Database): Promise<CapturePlan> {
  try {
    await migrate(db);
    const now = new Date();
    const eventDate = addDays(londonDate(now), 10);
    const paid = { payment_required: true, price: 2500, event_date: eventDate, start_time: '10:00', session_duration: 15, places_per_slot: 1 };
    const race = makeEvent({ ...paid, event_name: 'Capture race', end_time: '12:00', total_spaces: 8 });
    const last = makeEvent({ ...paid, event_name: 'Last places', end_time: '15:00', total_spaces: CAPTURE_BENCH.SLOTS });
    const raceEventId = await insertEvent(db, race);
    const lastEventId = await insertEvent(db, last);
    const slots = slotTimes(last.start_time, last.end_time, last.session_duration);
    if (slots.length !== CAPTURE_BENCH.SLOTS) throw new Error(`expected ${CAPTURE_BENCH.SLOTS} slots, got ${slots.length}`);
    // All but the last few places are taken already.
    const taken = slots.slice(0, CAPTURE_BENCH.SLOTS - CAPTURE_BENCH.PLACES_LEFT);
    const freeSlots = slots.slice(taken.length);
    await takePlaces(db, { event_id: lastEventId, session_duration: last.session_duration }, taken);

    const [raceMember, ...racers] = await fastMembers(db, CAPTURE_BENCH.MEMBERS + 1, now, { firstName: 'Bench' });
    const raceConsent = await consentsFor(db, [raceMember!], raceEventId, eventDate);
    const lastConsents = await consentsFor(db, racers, lastEventId, eventDate);
    return {
      raceEventId,
      race: { member: raceMember!, body: { eventId: raceEventId, appointmentStartTime: '10:00', consentId: raceConsent.get(raceMember!.profileId)! } },
      lastEventId,
      // Half aim at the first free place, the rest are spread over all of them.
      lastPlaces: racers.map((member, i) => ({
        member,
        body: { eventId: lastEventId, appointmentStartTime: i % 2 === 0 ? freeSlots[0]! : freeSlots[i % freeSlots.length]!, consentId: lastConsents.get(member.profileId)! },
      })),
      freeSlots,
    };
  } finally {
    await db.close();
  }
}

const CARD = { number: '4111111111111111', expiry: '2030-12', security_code: '123', name: 'Bench Payer' };
const TIMEOUT_MS = 120_000;

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json, ms: performance.now() - started };
  } catch {
    return { status: 0, json: {}, ms: performance.now() - started };
  }
}

const captureIdOf = (json: Record<string, unknown>) =>
  (json.purchase_units as { payments?: { captures?: { id?: string }[] } }[] | undefined)?.[0]?.payments?.captures?.[0]?.id;

/**
 * The access token the sandbox writes into the SDK script it serves, which
 * the stand-in SDK sends with confirm-payment-source, as PayPal's needs one.
 */
const sdkTokens = new Map<string, Promise<string>>();
function sdkToken(baseUrl: string): Promise<string> {
  let token = sdkTokens.get(baseUrl);
  if (!token) {
    token = fetch(`${baseUrl}/dev/paypal/sdk/js?client-id=chaps-local-sandbox&components=card-fields`)
      .then((res) => res.text())
      .then((script) => {
        const found = /var accessToken = "([^"]+)";/.exec(script)?.[1];
        if (!found) throw new Error('the sandbox SDK script carried no access token');
        return found;
      });
    sdkTokens.set(baseUrl, token);
  }
  return token;
}

async function orderAndApprove(baseUrl: string, attempt: Attempt): Promise<{ status: number; id?: string }> {
  const order = await post(`${baseUrl}/api/payments/orders`, attempt.body, attempt.member.token);
  const id = typeof order.json.id === 'string' ? order.json.id : undefined;
  if (order.status !== 201 || !id) return { status: order.status };
  const approved = await post(`${baseUrl}/dev/paypal/v2/checkout/orders/${id}/confirm-payment-source`, { payment_source: { card: CARD } }, await sdkToken(baseUrl));
  if (approved.status !== 200) throw new Error(`the sandbox did not approve order ${id}: ${approved.status}`);
  return { status: 201, id };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function fireCaptureRace(baseUrl: string, plan: CapturePlan): Promise<CaptureRaceResult> {
  const order = await orderAndApprove(baseUrl, plan.race);
  if (!order.id) throw new Error(`create-order for the capture race answered ${order.status}`);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CAPTURE_BENCH.CAPTURES }, () => post(`${baseUrl}/api/payments/orders/${order.id}/capture`, {}, plan.race.member.token)),
  );
  const settleMs = performance.now() - started;
  return {
    settleMs,
    p50Ms: percentile(answers.map((a) => a.ms), 50),
    maxMs: Math.max(...answers.map((a) => a.ms)),
    created: answers.filter((a) => a.status === 201).length,
    replayed: answers.filter((a) => a.status === 200).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 201).length,
    captureIds: new Set(answers.map((a) => captureIdOf(a.json)).filter(Boolean)).size,
  };
}

export async function fireLastPlaces(baseUrl: string, plan: CapturePlan): Promise<LastPlacesResult> {
  const started = performance.now();
  const outcomes = await Promise.all(
    plan.lastPlaces.map(async (attempt) => {
      const order = await orderAndApprove(baseUrl, attempt);
      if (!order.id) return { order: order.status, capture: null };
      const captured = await post(`${baseUrl}/api/payments/orders/${order.id}/capture`, {}, attempt.member.token);
      return { order: order.status, capture: captured.status };
    }),
  );
  return {
    settleMs: performance.now() - started,
    ordered: outcomes.filter((o) => o.order === 201).length,
    refusedAtOrder: outcomes.filter((o) => o.order === 409).length,
    orderOther: outcomes.filter((o) => o.order !== 201 && o.order !== 409).length,
    captured: outcomes.filter((o) => o.capture === 201).length,
    captureOther: outcomes.filter((o) => o.capture !== null && o.capture !== 201).length,
  };
}

const PAYPAL_CAPTURES = `COALESCE(sum(jsonb_array_length(COALESCE(d.body->'purchase_units'->0->'payments'->'captures', '[]'::jsonb))), 0)::integer`;

/** What the database holds after the run (the server stopped, so PGlite can be opened again). */
export async function countCaptureBench(db: Database, plan: CapturePlan): Promise<CaptureCounts> {
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params))[0]?.n ?? 0;
    const transactions = `SELECT count(*)::integer AS n FROM payment_transactions t JOIN payment_orders o ON o.payment_id = t.payment_id WHERE o.event_id = $1::uuid AND t.status = 'COMPLETED'`;
    const confirmed = `SELECT count(*)::integer AS n FROM appointments a JOIN payment_orders o ON o.appointment_id = a.appointment_id AND o.status = 'completed' WHERE a.event_id = $1::uuid AND a.status = 'confirmed'`;
    const captures = `SELECT ${PAYPAL_CAPTURES} AS n FROM dev_paypal_orders d JOIN payment_orders o ON o.order_id = d.order_id WHERE o.event_id = $1::uuid`;
    return {
      raceTransactions: await one(transactions, [plan.raceEventId]),
      raceConfirmed: await one(confirmed, [plan.raceEventId]),
      racePayPalCaptures: await one(captures, [plan.raceEventId]),
      lastConfirmed: await one(confirmed, [plan.lastEventId]),
      lastPaidByCard: await one("SELECT count(*)::integer AS n FROM appointments WHERE event_id = $1::uuid AND status = 'confirmed' AND payment_status = 'paid by card'", [plan.lastEventId]),
      lastTransactions: await one(transactions, [plan.lastEventId]),
      lastPayPalCaptures: await one(captures, [plan.lastEventId]),
      slotsTwice: await one(
        "SELECT count(*)::integer AS n FROM (SELECT slot_start FROM appointments WHERE event_id = $1::uuid AND status = 'confirmed' GROUP BY slot_start HAVING count(*) > 1) s",
        [plan.lastEventId],
      ),
      refunds: await one("SELECT count(*)::integer AS n FROM payment_orders WHERE status IN ('refund_due', 'refunded') AND event_id = ANY($1::uuid[])", [[plan.raceEventId, plan.lastEventId]]),
    };
  } finally {
    await db.close();
  }
}
