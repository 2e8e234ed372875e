/**
 * Card payments put together: PayPal (when PAYPAL_* are set) or the local
 * sandbox, spoken to in-process through its own HTTP handler so the same
 * client code runs against both; order creation, capture, refunds, PayPal's
 * webhooks and the reconciler over one database and one clock.
 */
import type { Hono } from 'hono';
import type { Database } from '../../platform/db/adapter';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/queue';
import type { Logger } from '../../platform/logger';
import type { AccessGrants } from '../events/access-grants';
import type { BookingMail } from '../booking/booking-mail';
import { createCapture } from './capture';
import { createOrderService } from './create-order';
import { createPayPalClient, type PayPalApi } from './paypal-client';
import { createReconciler } from './reconcile';
import { refundQueue } from './refund-jobs';
import { createRefunds } from './refunds';
import { SANDBOX_ORIGIN } from '../../stand-ins/paypal-sandbox/orders';
import { createPayPalSandbox, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, type SandboxControl } from '../../stand-ins/paypal-sandbox/routes';
import { SANDBOX_WEBHOOK_ID, type WebhookDeliver } from '../../stand-ins/paypal-sandbox/webhooks';
import { webhookQueue } from './webhook-jobs';
import { createWebhooks } from './webhooks';

/** Where the page loads the PayPal SDK from, and with which client id (GET /api/payments/config). */
export interface PaymentsConfig {
  clientId: string;
  /** The local sandbox's stand-in SDK; absent for PayPal's own. */
  sdkBaseUrl?: string;
}

export const SANDBOX_SDK_PATH = '/dev/paypal/sdk/js';

export interface PaymentsOptions {
  db: Database;
  env: Pick<Env, 'paypal'>;
  grants: AccessGrants;
  mail: BookingMail;
  /** Refunds and PayPal's webhooks are queued as jobs (refund-jobs.ts, webhook-jobs.ts). */
  jobs: Pick<Jobs, 'send'>;
  now: () => Date;
  logger: Logger;
}

export function createPayments({ db, env, grants, mail, jobs, now, logger }: PaymentsOptions) {
  const local = env.paypal ? null : createPayPalSandbox(db, now, logger);
  const sandbox: Hono | null = local?.routes ?? null;
  const paypal: PayPalApi = sandbox
    ? createPayPalClient({
        apiBase: SANDBOX_ORIGIN,
        clientId: SANDBOX_CLIENT_ID,
        clientSecret: SANDBOX_CLIENT_SECRET,
        fetch: async (url, init) => sandbox.request(url.slice(SANDBOX_ORIGIN.length), init),
      })
    : createPayPalClient(env.paypal!);
  const { refund, recordRefund } = createRefunds(db, paypal, mail, now, logger);
  const queueRefund = refundQueue(jobs);
  const capture = createCapture({ db, paypal, mail, queueRefund, now, logger });
  const webhooks = createWebhooks({
    db,
    paypal,
    webhookId: env.paypal ? (env.paypal.webhookId ?? null) : SANDBOX_WEBHOOK_ID,
    settleFrom: capture.settleFrom,
    recordRefund,
    now,
    logger,
  });
  const config: PaymentsConfig = env.paypal ? { clientId: env.paypal.clientId } : { clientId: SANDBOX_CLIENT_ID, sdkBaseUrl: SANDBOX_SDK_PATH };
  return {
    config,
    /** The /dev/paypal routes to mount, or null with real PayPal settings. */
    sandbox,
    /** What the local sandbox's bank and PayPal do later, on demand (tests, /dev/paypal/sandbox); null with real PayPal. */
    sandboxControl: (local?.control ?? null) as SandboxControl | null,
    paypal,
    createOrder: createOrderService(db, paypal, grants, now, logger),
    capture: capture.capture,
    ownerOf: capture.ownerOf,
    /** The refund job's work: asks PayPal to return one refund_due order and records its answer. */
    refund,
    queueRefund,
    /** PayPal's webhooks: `verify` a delivery (the route), then act on the stored event (the paypal_webhook job). */
    webhooks,
    /** Queues the paypal_webhook job of a stored event, in the transaction that stored it (webhook-jobs.ts). */
    queueWebhook: webhookQueue(jobs),
    /** Acts on stored webhook event `eventId`, idempotently (server/modules/payments/webhooks.ts): the paypal_webhook job's work. */
    processPayPalWebhook: webhooks.processPayPalWebhook,
    /** The app's webhook route, in-process, for the local sandbox to send its webhooks to; nothing with real PayPal. */
    deliverSandboxWebhooksTo(deliver: WebhookDeliver): void {
      local?.control.webhooks.connect(deliver);
    },
    reconcile: createReconciler({ db, paypal, settleFrom: capture.settleFrom, queueRefund, recordRefund, now, logger }),
  };
}

export type Payments = ReturnType<typeof createPayments>;
