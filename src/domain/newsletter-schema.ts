/** The newsletter form's body (docs/rules.md#newsletter): name and email, both required. */
import { EMAIL_MAX, formText, toFieldProblem, type FieldProblem } from './form-fields';
import { NEWSLETTER_MESSAGES, SUBSCRIBER_NAME_MAX, type Subscription } from './newsletter';
import { check, textRule, z } from './schema-kit';

/** The 'Stay In Touch' form's body; the form and POST /api/subscriptions both check with it. */
export const subscriptionSchema = z.object({
  name: formText({ max: SUBSCRIBER_NAME_MAX }),
  email: z.pipe(formText({ max: EMAIL_MAX, kind: 'email' }), z.transform((email: string) => email.toLowerCase())),
  // Absent means yes: the form's box starts ticked.
  hear_about_event: z.pipe(
    z.optional(z.unknown().check(textRule((v) => v === undefined || typeof v === 'boolean', 'should be true or false.', 'TYPE_TEXT'))),
    z.transform((v) => v !== false),
  ),
}) satisfies z.ZodMiniType<Subscription, unknown>;

export type SubscriptionField = keyof Subscription;

export type SubscriptionCheck = { ok: true; subscription: Subscription } | { ok: false; problems: FieldProblem<SubscriptionField>[] };

export function checkSubscription(body: Record<string, unknown>): SubscriptionCheck {
  const checked = check(subscriptionSchema, body);
  if (checked.ok) return { ok: true, subscription: checked.value };
  return { ok: false, problems: checked.issues.map(toFieldProblem<SubscriptionField>) };
}

const LABELS: Record<string, string> = { name: 'Name', email: 'Email' };

/** What the form and the 422 say about the problems: the sentence of docs/rules.md#newsletter when a field is missing, else each field's. */
export function subscriptionMessage(problems: FieldProblem[]): string {
  if (problems.some((p) => p.code.startsWith('REQUIRED_FIELD'))) return NEWSLETTER_MESSAGES.missing;
  return problems.map((p) => `${LABELS[p.path] ?? p.path} ${p.message}`).join(' ');
}
