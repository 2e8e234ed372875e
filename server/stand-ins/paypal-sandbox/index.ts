/**
 * The local PayPal sandbox as the payments module takes it (LocalPayPal):
 * made by the app's wiring when PAYPAL_* are unset, which production
 * refuses (server/platform/env.ts), and mounted at /dev/paypal beside the
 * other stand-ins (server/stand-ins/allowed.ts).
 */
import type { LocalPayPal } from '../../modules/payments';
import type { Database } from '../../platform/db/adapter';
import { silentLogger, type Logger } from '../../platform/logger';
import { SANDBOX_ORIGIN } from './answers';
import { createPayPalSandbox, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from './routes';
import { SANDBOX_WEBHOOK_ID } from './webhooks';

/** Where the stand-in SDK is served: the sandbox's /sdk/js, mounted under /dev/paypal. */
export const SANDBOX_SDK_PATH = '/dev/paypal/sdk/js';

export function createLocalPayPal(db: Database, now: () => Date, logger: Logger = silentLogger): LocalPayPal {
  const sandbox = createPayPalSandbox(db, now, logger);
  return {
    routes: sandbox.routes,
    control: sandbox.control,
    apiBase: SANDBOX_ORIGIN,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: SANDBOX_CLIENT_SECRET,
    webhookId: SANDBOX_WEBHOOK_ID,
    sdkBaseUrl: SANDBOX_SDK_PATH,
    deliverWebhooksTo: (deliver) => sandbox.control.webhooks.connect(deliver),
  };
}
