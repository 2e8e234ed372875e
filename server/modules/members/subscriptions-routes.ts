/**
 * POST /api/subscriptions: the 'Stay In Touch' newsletter form. Subscribing
 * twice is not an error, and is answered exactly as a first subscription
 * (201), so the form cannot be used to learn who is subscribed.
 */
import { Hono } from 'hono';
import { formAcceptedSchema, toFieldProblem, type FormAccepted } from '../../../src/domain/form-fields';
import { responds } from '../../platform/http/contract';
import { NEWSLETTER_MESSAGES } from '../../../src/domain/newsletter';
import { subscriptionMessage, subscriptionSchema } from '../../../src/domain/newsletter-schema';
import { ApiError } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { validBody } from '../../platform/http/valid-body';
import type { SubscriptionsService } from './subscriptions-service';

export function subscriptionsRoutes(subscriptions: SubscriptionsService): Hono {
  const app = new Hono();

  const subscription = validBody(subscriptionSchema, {
    invalid: (issues) => {
      const problems = issues.map(toFieldProblem);
      return new ApiError(422, 'validation_failed', subscriptionMessage(problems), problems);
    },
  });

  app.post('/', responds(formAcceptedSchema, { status: 201 }), formBodyLimit(), subscription, async (c) => {
    await subscriptions.subscribe(c.req.valid('json'));
    return c.json({ ok: true, message: NEWSLETTER_MESSAGES.success } satisfies FormAccepted, 201);
  });

  return app;
}
