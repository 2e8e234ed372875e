/**
 * Card payments put together: PayPal (when PAYPAL_* are set) or the local
 * sandbox, spoken to in-process through its own HTTP handler so the same
 * client code runs against both; order creation, capture, refunds and the
 * reconciler over one database and one clock.
 */
import type { Hono } from 'hono';
import type { Database } from '../db/adapter';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { AccessGrants } from '../services/access-grants';
import type { BookingMail } from '../services/booking-mail';
import { createCapture } from './capture';
import { createOrderService } from './create-order';
import { createPayPalClient, type PayPalApi } from './paypal-client';
import { createReconciler } from './reconcile';
import { createRefunds } from './refunds';
import { devPayPalRoutes, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from './sandbox/routes';

/** Where the page loads the PayPal SDK from, and with which client id (GET /api/payments/config). */
export interface PaymentsConfig {
  clientId: string;
  /** The local sandbox's stand-in SDK; absent for PayPal's own. */
  sdkBaseUrl?: string;
}

export const SANDBOX_SDK_PATH = '/dev/paypal/sdk/js';
const SANDBOX_ORIGIN = 'http://paypal-sandbox.local';

export interface PaymentsOptions {
  db: Database;
  env: Pick<Env, 'paypal'>;
  grants: AccessGrants;
  mail: BookingMail;
  now: () => Date;
  logger: Logger;
}

export function createPayments({ db, env, grants, mail, now, logger }: PaymentsOptions) {
  const sandbox: Hono | null = env.paypal ? null : devPayPalRoutes(db, now);
  const paypal: PayPalApi = sandbox
    ? createPayPalClient({
        apiBase: SANDBOX_ORIGIN,
        clientId: SANDBOX_CLIENT_ID,
        clientSecret: SANDBOX_CLIENT_SECRET,
        fetch: async (url, init) => sandbox.request(url.slice(SANDBOX_ORIGIN.length), init),
      })
    : createPayPalClient(env.paypal!);
  const refund = createRefunds(db, paypal, mail, now, logger);
  const capture = createCapture({ db, paypal, mail, refund, now, logger });
  const config: PaymentsConfig = env.paypal ? { clientId: env.paypal.clientId } : { clientId: SANDBOX_CLIENT_ID, sdkBaseUrl: SANDBOX_SDK_PATH };
  return {
    config,
    /** The /dev/paypal routes to mount, or null with real PayPal settings. */
    sandbox,
    paypal,
    createOrder: createOrderService(db, paypal, grants, now, logger),
    capture: capture.capture,
    ownerOf: capture.ownerOf,
    refund,
    reconcile: createReconciler({ db, paypal, settleFrom: capture.settleFrom, refund, now, logger }),
  };
}

export type Payments = ReturnType<typeof createPayments>;
