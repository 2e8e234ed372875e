/**
 * The payments module's mount: card payments (PayPal, or the local sandbox
 * the wiring gives), their routes and PayPal's webhooks at /api/payments,
 * and the refund, reconcile and webhook jobs.
 */
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import type { AuthModule } from '../auth';
import type { BookingMail } from '../booking';
import type { EventsModule } from '../events';
import { createPayments, type LocalPayPal, type Payments } from './payments';
import { paymentsRoutes } from './payments-routes';
import { paypalWebhookJob } from './paypal-webhook-job';
import { reconcileJob } from './reconcile-job';
import { refundJob } from './refund-job';

export interface PaymentsMountOptions {
  auth: AuthModule;
  events: EventsModule;
  /** The booking emails a payment sends (confirmed, refunded). */
  bookingMail: BookingMail;
  /** Payments already made (main.ts shares one with its reconciler); else made here. */
  given?: Payments;
  /** The local PayPal sandbox, when the wiring allows it (PAYPAL_* unset outside production). */
  local: LocalPayPal | null;
}

export function mountPayments(ctx: AppContext<Pick<Env, 'paypal'>>, options: PaymentsMountOptions): Payments {
  const { app, db, env, now, logger, jobs } = ctx;
  const payments =
    options.given ?? createPayments({ db, env, grants: options.events.grants, mail: options.bookingMail, jobs, now, logger, local: options.local });
  // The local PayPal sandbox sends its webhooks to this app's own route, in-process (none with real PayPal);
  // the route stores each and queues its paypal_webhook job, which a worker (or a test's runJobs) then runs.
  payments.deliverSandboxWebhooksTo(async (body, headers) => (await app.request('/api/payments/webhooks', { method: 'POST', headers, body })).status);
  app.route('/api/payments', paymentsRoutes(payments, db, options.auth.verifier, now, logger));
  jobs.handle({
    refund: refundJob(db, payments.refund),
    reconcile_payments: reconcileJob(payments.reconcile, logger),
    paypal_webhook: paypalWebhookJob(payments.processPayPalWebhook),
  });
  return payments;
}
