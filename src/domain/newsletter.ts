/** A newsletter subscription (SPEC.md sections 3, 5 and 8): name and email, both required. */
import { checkField, EMAIL_MAX, type FieldProblem } from './form-fields';

export interface Subscription {
  name: string;
  email: string;
  hear_about_event: boolean;
}

export const NEWSLETTER_MESSAGES = {
  missing: 'Please provide both name and email.',
  success: 'Successfully subscribed to the newsletter!',
  failed: 'An error occurred. Please try again.',
} as const;

export const SUBSCRIBER_NAME_MAX = 100;

export type SubscriptionCheck =
  | { ok: true; subscription: Subscription }
  | { ok: false; problems: FieldProblem<'name' | 'email' | 'hear_about_event'>[] };

export function checkSubscription(body: Record<string, unknown>): SubscriptionCheck {
  const problems: FieldProblem<'name' | 'email' | 'hear_about_event'>[] = [
    checkField('name' as const, body.name, { max: SUBSCRIBER_NAME_MAX }),
    checkField('email' as const, body.email, { max: EMAIL_MAX, kind: 'email' }),
  ].filter((problem) => problem !== null);
  const hear = body.hear_about_event;
  if (hear !== undefined && typeof hear !== 'boolean') {
    problems.push({ path: 'hear_about_event', code: 'TYPE_TEXT', message: 'should be true or false.' });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    subscription: {
      name: String(body.name).trim(),
      email: String(body.email).trim().toLowerCase(),
      hear_about_event: hear !== false,
    },
  };
}
