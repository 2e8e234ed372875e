/** GET /api/payments/config, declared once: where the page loads the PayPal SDK from, and with which client id. */
import { z } from './schema-kit';

export const paymentsConfigSchema = z.strictObject({
  clientId: z.string(),
  /** The local sandbox's stand-in SDK; absent for PayPal's own. */
  sdkBaseUrl: z.optional(z.string()),
});

export type PaymentsConfig = z.output<typeof paymentsConfigSchema>;
