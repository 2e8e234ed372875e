/** Card payments: the composition (payments.ts), its routes and jobs, and what other modules use. */
export { createPayments, type LocalPayPal, type Payments, type PaymentsConfig, type PaymentsOptions } from './payments';
export { bankHolidaysBetween } from './bank-holidays';
export { paymentsRoutes } from './payments-routes';
export { paypalWebhookJob } from './paypal-webhook-job';
export { reconcileJob } from './reconcile-job';
export { refundJob } from './refund-job';
export { refundQueue, type RefundQueue } from './refund-jobs';
export { ORDER_COLUMNS, ORDER_ROW, toOrder, type PaymentOrderRow } from './settle';
export { staffPaymentsRoutes } from './staff-payments-routes';
export { mountPayments, type PaymentsMountOptions } from './mount';
