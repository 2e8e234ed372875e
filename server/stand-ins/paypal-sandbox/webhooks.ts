/**
 * The local sandbox's webhooks, sent as PayPal sends them: the event JSON
 * with PAYPAL-TRANSMISSION-ID, -TIME, -SIG, PAYPAL-CERT-URL and
 * PAYPAL-AUTH-ALGO, POSTed to the site after the answer that caused it.
 * PayPal signs with its certificate; the stand-in signs with an HMAC over
 * the same fields (transmission id | time | webhook id | CRC32 of the
 * body) and keeps every transmission it signed, so its
 * verify-webhook-signature answers SUCCESS only for one it really sent,
 * unchanged, to the webhook id it was sent for.
 *
 * Delivery goes through a function the app gives (`connect`), in-process,
 * as the server's PayPal client reaches the sandbox; nothing needs a
 * network. Deliveries run one after another in the background; tests can
 * wait for them (`settled`), hold them (`setAutoDeliver(false)`) and send
 * them later in any order, or send one again (a replay).
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Database } from '../../platform/db/adapter';
import type { Logger } from '../../platform/logger';
import { SANDBOX_ORIGIN } from './answers';

type Json = Record<string, unknown>;

/** The webhook id the sandbox signs for (PAYPAL_WEBHOOK_ID's stand-in); PayPal's ids are letters and digits. */
export const SANDBOX_WEBHOOK_ID = 'LOCALSANDBOXWEBHOOK';
export const SANDBOX_AUTH_ALGO = 'HMACSHA256';
export const SANDBOX_CERT_URL = 'http://paypal-sandbox.local/v1/notifications/certs/CERT-LOCAL-SANDBOX';
const SIGNING_KEY = createHash('sha256').update('chaps-local-sandbox-webhook-signing').digest();

/** POSTs one delivery to the site's webhook route; resolves to the HTTP status. */
export type WebhookDeliver = (body: string, headers: Record<string, string>) => Promise<number>;

export interface SandboxEvent {
  type: string;
  resourceType: 'capture' | 'refund';
  resource: Json;
  summary: string;
}

const eventHref = (id: string) => `${SANDBOX_ORIGIN}/v1/notifications/webhooks-events/${id}`;

const eventId = () => `WH-${randomBytes(9).toString('hex').toUpperCase()}-${randomBytes(9).toString('hex').toUpperCase()}`;

function signature(transmissionId: string, time: string, webhookId: string, body: string): string {
  return createHmac('sha256', SIGNING_KEY).update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`).digest('base64');
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface SentWebhook {
  transmission_id: string;
  event_id: string;
  event_type: string;
  resource_id: string;
  delivered_at: Date | null;
  last_status: number | null;
}

export function sandboxWebhooks(db: Database, now: () => Date, logger: Logger) {
  let deliver: WebhookDeliver | null = null;
  let autoDeliver = true;
  let chain: Promise<void> = Promise.resolve();
  // Deliveries scheduled or under way, so a test can wait until there are none.
  let pending = 0;

  async function send(transmissionId: string): Promise<number> {
    const [row] = await db.query<{ event: string; transmission_time: string; signature: string }>(
      'SELECT event, transmission_time, signature FROM dev_paypal_webhooks WHERE transmission_id = $1',
      [transmissionId],
    );
    if (!row || !deliver) return 0;
    let status = 0;
    try {
      status = await deliver(row.event, {
        'Content-Type': 'application/json',
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-TIME': row.transmission_time,
        'PAYPAL-TRANSMISSION-SIG': row.signature,
        'PAYPAL-CERT-URL': SANDBOX_CERT_URL,
        'PAYPAL-AUTH-ALGO': SANDBOX_AUTH_ALGO,
      });
    } catch (error) {
      logger.warn(`The local PayPal sandbox could not deliver webhook ${transmissionId}`, error);
    }
    await db
      .query(
        `UPDATE dev_paypal_webhooks SET last_status = $2::integer, delivered_at = CASE WHEN $2::integer BETWEEN 200 AND 299 THEN $3::timestamptz ELSE delivered_at END
         WHERE transmission_id = $1`,
        [transmissionId, status, now()],
      )
      .catch((error: unknown) => logger.warn('The local PayPal sandbox could not note a delivery', error));
    return status;
  }

  /** Queues sends one after another; a failure is logged, never thrown into the caller's request. */
  function queue(transmissionIds: string[]): Promise<number[]> {
    pending += 1;
    const run = chain
      .then(async () => {
        const statuses: number[] = [];
        for (const id of transmissionIds) statuses.push(await send(id).catch(() => 0));
        return statuses;
      })
      .finally(() => {
        pending -= 1;
      });
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Signs the exact text `body` (an event's JSON) at `at` and keeps it; resolves to its transmission id. */
  async function keep(body: string, at: string): Promise<string> {
    const transmissionId = randomUUID();
    await db.query(
      `INSERT INTO dev_paypal_webhooks (transmission_id, event_id, webhook_id, transmission_time, signature, event)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [transmissionId, (JSON.parse(body) as { id: string }).id, SANDBOX_WEBHOOK_ID, at, signature(transmissionId, at, SANDBOX_WEBHOOK_ID, body), body],
    );
    return transmissionId;
  }

  return {
    /** Signs and keeps `events` (after the change that caused them has committed); sends them after the answer. */
    async emit(events: SandboxEvent[]): Promise<void> {
      if (events.length === 0) return;
      const ids: string[] = [];
      for (const e of events) {
        const at = now().toISOString();
        const id = eventId();
        const body = JSON.stringify({
          id,
          event_version: '1.0',
          create_time: at,
          resource_type: e.resourceType,
          resource_version: '2.0',
          event_type: e.type,
          summary: e.summary,
          resource: e.resource,
          // As PayPal's events carry them: the event itself, and asking for it to be sent again.
          links: [
            { href: eventHref(id), rel: 'self', method: 'GET' },
            { href: `${eventHref(id)}/resend`, rel: 'resend', method: 'POST' },
          ],
        });
        ids.push(await keep(body, at));
      }
      // After the answer: the caller gets it first, then PayPal's notification follows.
      if (autoDeliver && deliver) {
        pending += 1;
        setImmediate(() => {
          pending -= 1;
          void queue(ids);
        });
      }
    },

    /**
     * POST /v1/notifications/verify-webhook-signature: SUCCESS only for a
     * transmission this sandbox signed, unchanged. `rawEvent` is the
     * webhook_event value's text as the request wrote it: the signature
     * covers the bytes sent, so an event parsed and written out again
     * (other escapes, spacing or key order) fails, as at PayPal.
     */
    async verify(input: Json, rawEvent: string | null): Promise<'SUCCESS' | 'FAILURE'> {
      const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : '');
      const event = input.webhook_event;
      if (!event || typeof event !== 'object' || Array.isArray(event) || rawEvent === null) return 'FAILURE';
      const [row] = await db.query<{ webhook_id: string; transmission_time: string; signature: string }>(
        'SELECT webhook_id, transmission_time, signature FROM dev_paypal_webhooks WHERE transmission_id = $1',
        [field('transmission_id')],
      );
      if (!row) return 'FAILURE';
      const expected = signature(field('transmission_id'), field('transmission_time'), field('webhook_id'), rawEvent);
      const ok =
        field('webhook_id') === row.webhook_id &&
        field('transmission_time') === row.transmission_time &&
        field('auth_algo') === SANDBOX_AUTH_ALGO &&
        field('cert_url') === SANDBOX_CERT_URL &&
        sameText(field('transmission_sig'), row.signature) &&
        sameText(expected, row.signature);
      return ok ? 'SUCCESS' : 'FAILURE';
    },

    /**
     * Signs and keeps an event written as `body`, byte for byte, without
     * sending it (send it with resend): PayPal's own text may escape
     * characters, space or order keys unlike JSON.stringify, and the
     * signature covers exactly what is sent. Resolves to its transmission id.
     */
    async signText(body: string): Promise<string> {
      return keep(body, now().toISOString());
    },

    /** Where deliveries go: the app's own webhook route, in-process. */
    connect(fn: WebhookDeliver): void {
      deliver = fn;
    },

    /** Off: events are signed and kept but not sent until deliverPending or resend. */
    setAutoDeliver(on: boolean): void {
      autoDeliver = on;
    },

    /** Resolves when every delivery under way (and any it caused) has been answered. */
    async settled(): Promise<void> {
      // A delivery may cause another (a refund made while acting on a capture): wait until none is left.
      for (let i = 0; i < 1000 && pending > 0; i += 1) {
        await chain;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    /** Sends every kept transmission never answered 2xx, oldest first (or in the order given); resolves to the statuses. */
    async deliverPending(order: 'oldest' | 'newest' = 'oldest'): Promise<number[]> {
      const rows = await db.query<{ transmission_id: string }>(
        `SELECT transmission_id FROM dev_paypal_webhooks WHERE delivered_at IS NULL ORDER BY seq ${order === 'oldest' ? 'ASC' : 'DESC'}`,
      );
      return queue(rows.map((r) => r.transmission_id));
    },

    /** Sends one kept transmission again, exactly as before: PayPal's redelivery, or a replay. */
    async resend(transmissionId: string): Promise<number> {
      const [status] = await queue([transmissionId]);
      return status ?? 0;
    },

    /** GET /v1/notifications/webhooks-events/{id}: the event as last sent, or null for one never sent. */
    async event(id: string): Promise<Json | null> {
      const [row] = await db.query<{ event: string }>('SELECT event FROM dev_paypal_webhooks WHERE event_id = $1 ORDER BY seq DESC LIMIT 1', [id]);
      return row ? (JSON.parse(row.event) as Json) : null;
    },

    /** POST /v1/notifications/webhooks-events/{id}/resend: its latest transmission is sent again; the event, or null. */
    async resendEvent(id: string): Promise<Json | null> {
      const [row] = await db.query<{ transmission_id: string; event: string }>(
        'SELECT transmission_id, event FROM dev_paypal_webhooks WHERE event_id = $1 ORDER BY seq DESC LIMIT 1',
        [id],
      );
      if (!row) return null;
      void queue([row.transmission_id]);
      return JSON.parse(row.event) as Json;
    },

    /** What the sandbox has signed, oldest first. */
    async sent(): Promise<SentWebhook[]> {
      const rows = await db.query<{ transmission_id: string; event_id: string; event: string; delivered_at: Date | null; last_status: number | null }>(
        'SELECT transmission_id, event_id, event, delivered_at, last_status FROM dev_paypal_webhooks ORDER BY seq',
      );
      return rows.map((r) => {
        const event = JSON.parse(r.event) as { event_type: string; resource: { id: string } };
        return { transmission_id: r.transmission_id, event_id: r.event_id, event_type: event.event_type, resource_id: event.resource.id, delivered_at: r.delivered_at, last_status: r.last_status };
      });
    },
  };
}

export type SandboxWebhooks = ReturnType<typeof sandboxWebhooks>;
