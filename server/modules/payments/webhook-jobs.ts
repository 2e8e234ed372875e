/**
 * Acting on a PayPal webhook is a job (docs/decisions/0013, 0009), queued
 * in the transaction that stores the verified event
 * (server/modules/payments/payment-webhooks-routes.ts). The job's id is a UUID derived from
 * PayPal's event id (name-based, RFC 9562 version 5), so a redelivery or a
 * replay of the same event, even in parallel, is one job; the job's work,
 * processPayPalWebhook, is idempotent besides.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../../platform/db/adapter';
import type { Jobs } from '../../platform/jobs/queue';

export type WebhookQueue = (q: Queryable, eventId: string) => Promise<void>;

/** This site's namespace for PayPal webhook event ids (a fixed random UUID). */
const EVENT_NAMESPACE = Buffer.from('5d0f7c1e8a2b4c6d9e3f1a2b3c4d5e6f', 'hex');

/** The paypal_webhook job's id for PayPal event `eventId`: the same UUID for the same event, every time. */
export function webhookJobId(eventId: string): string {
  const bytes = createHash('sha1').update(EVENT_NAMESPACE).update(eventId, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function webhookQueue(jobs: Pick<Jobs, 'send'>): WebhookQueue {
  return (q, eventId) => jobs.send(q, 'paypal_webhook', { eventId }, { id: webhookJobId(eventId) });
}
