/**
 * The paypal_webhook job: acts on one PayPal webhook event that the route
 * (server/modules/payments/payment-webhooks-routes.ts) verified, stored and queued in one
 * transaction. processPayPalWebhook reads the stored event and the
 * resource's current state from PayPal, and is idempotent (an event acted
 * on before is left alone). When PayPal cannot be read it throws: the event
 * stays unprocessed and the job is tried again with backoff, shown to staff
 * at /staff/failures while it fails.
 */
import type { JobHandler } from '../../platform/jobs/queue';

export function paypalWebhookJob(processPayPalWebhook: (eventId: string) => Promise<string>): JobHandler<'paypal_webhook'> {
  return async ({ eventId }) => {
    await processPayPalWebhook(eventId);
  };
}
