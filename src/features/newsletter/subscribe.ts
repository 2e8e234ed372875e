/**
 * POST /api/subscriptions. Resolves on success (a repeat subscription is a
 * success too); a refusal throws SubscribeError with the server's message,
 * no answer at all a NetworkError.
 */
import type { Subscription } from '../../domain/newsletter';
import { apiUrl, NetworkError, writeDeadline } from '../../lib/api-client';

export class SubscribeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubscribeError';
  }
}

export async function subscribe(subscription: Subscription): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/subscriptions'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(subscription),
      signal: writeDeadline(),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.ok) return;
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (typeof answer.message === 'string' && answer.message) throw new SubscribeError(answer.message);
  throw new Error(`Subscription failed (${response.status})`);
}
