/**
 * Card payments put together: PayPal (when PAYPAL_* are set) or the local
 * sandbox, spoken to in-process through its own HTTP handler so the same
 * client code runs against both; order creation, capture, refunds, PayPal's
 * webhooks and the reconciler over one database and one clock. The sandbox
 * is given by the app's wiring (server/stand-ins/paypal-sandbox), which
 * alone decides whether a stand-in may run; this module only speaks to it.
 */
import type { Hono } from 'hono';
import type { PaymentsConfig } from '../../../src/domain/payments-config';
import type { Database } from '../../platform/db/adapter';
import type { Env } from '../../platform/env';
import type { Jobs } from '../../platform/jobs/queue';
import type { Logger } from '../../platform/logger';
import type { AccessGrants } from '../events';
import type { BookingMail } from '../booking';
import { createCapture } from './capture';
import { createOrderService } from './create-order';
import { createPayPalClient, type PayPalApi } from './paypal-client';
import { createReconciler } from './reconcile';
import { refundQueue } from './refund-jobs';
import { createRefunds } from './refunds';
import type { SandboxControl } from '../../stand-ins/paypal-sandbox/routes';
import type { WebhookDeliver } from '../../stand-ins/paypal-sandbox/webhooks';
import { webhookQueue } from './webhook-jobs';
import { createWebhooks } from './webhooks';

/** Where the page loads the PayPal SDK from, and with which client id (GET /api/payments/config). */
export type { PaymentsConfig } from '../../../src/domain/payments-config';

/** A PayPal running in this process: the local sandbox stand-in, as the wiring gives it. */
export interface LocalPayPal {
  /** Its HTTP API, spoken to in-process, and mounted at /dev/paypal. */
  routes: Hono;
  /** What its bank and PayPal do later, on demand (tests, /dev/paypal/sandbox). */
  control: SandboxControl;
  /** The origin its API answers as, and the credentials and webhook id it accepts. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where the page loads its stand-in SDK from. */
  sdkBaseUrl: string;
  /** Sends its webhooks to the app's webhook route, in-process. */
  deliverWebhooksTo(deliver: WebhookDeliver): void;
}

export interface PaymentsOptions {
  db: Database;
  env: Pick<Env, 'paypal'>;
  grants: AccessGrants;
  mail: BookingMail;
  /** Refunds and PayPal's webhooks are queued as jobs (refund-jobs.ts, webhook-jobs.ts). */
  jobs: Pick<Jobs, 'send'>;
  now: () => Date;
  logger: Logger;
  /** The local sandbox, needed when PAYPAL_* are unset, ignored when they are set. */
  local?: LocalPayPal | null;
}

export function createPayments({ db, env, grants, mail, jobs, now, logger, local: given }: PaymentsOptions) {
  const local = env.paypal ? null : given;
  if (!env.paypal && !local) throw new Error('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are unset and no local PayPal sandbox was given');
  const sandbox: Hono | null = local?.routes ?? null;
  const paypal: PayPalApi = local
    ? createPayPalClient({
        apiBase: local.apiBase,
        clientId: local.clientId,
        clientSecret: local.clientSecret,
        fetch: async (url, init) => local.routes.request(url.slice(local.apiBase.length), init),
      })
    : createPayPalClient(env.paypal!);
  const { refund, recordRefund } = createRefunds(db, paypal, mail, now, logger);
  const queueRefund = refundQueue(jobs);
  const capture = createCapture({ db, paypal, mail, queueRefund, now, logger });
  const webhooks = createWebhooks({
    db,
    paypal,
    webhookId: local ? local.webhookId : (env.paypal?.webhookId ?? null),
    settleFrom: capture.settleFrom,
    recordRefund,
    now,
    logger,
  });
  const config: PaymentsConfig = local ? { clientId: local.clientId, sdkBaseUrl: local.sdkBaseUrl } : { clientId: env.paypal!.clientId };
  return {
    config,
    /** The /dev/paypal routes to mount, or null with real PayPal settings. */
    sandbox,
    /** What the local sandbox's bank and PayPal do later, on demand (tests, /dev/paypal/sandbox); null with real PayPal. */
    sandboxControl: local?.control ?? null,
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
      local?.deliverWebhooksTo(deliver);
    },
    reconcile: createReconciler({ db, paypal, settleFrom: capture.settleFrom, queueRefund, recordRefund, now, logger }),
  };
}

export type Payments = ReturnType<typeof createPayments>;
