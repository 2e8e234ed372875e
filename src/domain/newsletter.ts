/**
 * A newsletter subscription (docs/rules.md#newsletter): its messages.
 * The rules are newsletter-schema.ts, kept apart so the form, shown on
 * every page, loads zod only when someone presses Subscribe.
 */
export const NEWSLETTER_MESSAGES = {
  missing: 'Please provide both name and email.',
  success: 'Successfully subscribed to the newsletter!',
  failed: 'An error occurred. Please try again.',
} as const;

export const SUBSCRIBER_NAME_MAX = 100;

/** A subscription as the form sends it and the server stores it. */
export interface Subscription {
  name: string;
  email: string;
  hear_about_event: boolean;
}
