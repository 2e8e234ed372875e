/**
 * POST /api/subscriptions: the 'Stay In Touch' newsletter form. Subscribing
 * twice is not an error, and is answered exactly as a first subscription
 * (201), so the form cannot be used to learn who is subscribed.
 */
import { Hono } from 'hono';
import { checkSubscription, NEWSLETTER_MESSAGES } from '../../src/domain/newsletter';
import { ApiError } from '../http/errors';
import { formBodyLimit, readJsonObject } from '../http/json-body';
import type { SubscriptionsService } from '../services/subscriptions-service';

export function subscriptionsRoutes(subscriptions: SubscriptionsService): Hono {
  const app = new Hono();

  app.post('/', formBodyLimit(), async (c) => {
    const check = checkSubscription(await readJsonObject(c));
    if (!check.ok) {
      const missing = check.problems.some((p) => p.code.startsWith('REQUIRED_FIELD'));
      const message = missing
        ? NEWSLETTER_MESSAGES.missing
        : check.problems.map((p) => `${p.path === 'email' ? 'Email' : p.path === 'name' ? 'Name' : p.path} ${p.message}`).join(' ');
      throw new ApiError(422, 'validation_failed', message, check.problems);
    }
    await subscriptions.subscribe(check.subscription);
    return c.json({ ok: true, message: NEWSLETTER_MESSAGES.success }, 201);
  });

  return app;
}
