/**
 * The checkout's calls (docs/rules.md#api-shapes, /payments/*, /logs/error):
 * the SDK settings, the price and the member's hold, creating and capturing the
 * order, the page's own transaction note and its error log. Order and capture
 * answers are read whatever their status: PayPal's error shape (`details[0]
 * {issue, description}`, `debug_id`) is what the page shows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CapturedOrder, CheckoutState, CreatedOrderAnswer, TransactionNoted } from '@/domain/payment-order';
import type { PaymentsConfig } from '@/domain/payments-config';
import { apiGet } from '@/lib/api-client';
import { memberExchange, memberRequest } from '@/lib/auth';

export type { PaymentsConfig } from '@/domain/payments-config';

export type { CheckoutState } from '@/domain/payment-order';

export interface PayPalIssue {
  issue: string;
  description: string;
}

/** A refusal of /payments/*: PayPal's error shape, which the page shows (server/modules/payments/payment-error.ts). */
export interface PaymentRefusal {
  details?: PayPalIssue[];
  debug_id?: string;
  message?: string;
}

/** POST /payments/orders: the order made (201, src/domain/payment-order.ts), or a refusal. */
export type OrderAnswer = Partial<CreatedOrderAnswer> & PaymentRefusal;

/** POST /payments/orders/:id/capture answers: the capture (201 or 200, src/domain/payment-order.ts), or PayPal's refusal shape. */
export type PaymentAnswer = Partial<CapturedOrder> & PaymentRefusal;

export interface OrderRequest {
  eventId: string;
  appointmentStartTime: string;
  consentId: string;
  accessGrant?: string;
}

export const paymentsConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => apiGet<PaymentsConfig>('/payments/config', undefined, { signal }),
  staleTime: Infinity,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery);
}

export function useCheckoutState(userId: string, eventId: string) {
  return useQuery({
    // Not under memberKeys' persisted root: a hold is never shown from a saved copy.
    queryKey: ['checkout', userId, eventId],
    queryFn: () => memberRequest<CheckoutState>('GET', `/payments/checkout?eventId=${encodeURIComponent(eventId)}`),
    gcTime: 0,
    staleTime: 0,
  });
}

export const createOrder = (request: OrderRequest) => memberExchange<OrderAnswer>('POST', '/payments/orders', request);

export const captureOrder = (orderId: string) =>
  memberExchange<PaymentAnswer>('POST', `/payments/orders/${encodeURIComponent(orderId)}/capture`, {});

/** The page's note of a transaction (the record in docs/rules.md#card-payment); the server keeps its own. */
export async function reportTransaction(data: Record<string, string | null | undefined>): Promise<void> {
  await memberExchange<TransactionNoted>('PUT', '/payments/transactions', { data }).catch(() => undefined);
}

/** docs/rules.md#api-shapes: failures of the log call itself are ignored. */
export async function logPaymentError(errorMessage: string, description: string): Promise<void> {
  await memberExchange('POST', '/logs/error', { errorMessage, description }).catch(() => undefined);
}
