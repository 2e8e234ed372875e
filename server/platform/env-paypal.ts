/**
 * The PayPal settings (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET,
 * PAYPAL_API_BASE, PAYPAL_WEBHOOK_ID): their parsed shape and the rule that
 * they come together, apart from server/platform/env.ts so that file stays readable.
 */

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com (PayPal's sandbox) or https://api-m.paypal.com (live). */
  apiBase: string;
  /**
   * The id of the webhook configured for this site in PayPal's developer
   * dashboard: PayPal's signature check of each webhook needs it. Unset
   * (allowed outside production) = every webhook is refused.
   */
  webhookId?: string;
}

/** PayPal's own sandbox, used when a client id is given without PAYPAL_API_BASE: never live money by accident. */
export const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

// The id and secret come together or not at all; an API base alone would silently mean the local sandbox.
export function paypalProblems(v: { PAYPAL_CLIENT_ID?: string; PAYPAL_CLIENT_SECRET?: string; PAYPAL_API_BASE?: string; PAYPAL_WEBHOOK_ID?: string }): string[] {
  if (!v.PAYPAL_CLIENT_ID !== !v.PAYPAL_CLIENT_SECRET) return ['PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together'];
  if (v.PAYPAL_API_BASE && !v.PAYPAL_CLIENT_ID) return ['PAYPAL_API_BASE needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET'];
  // The local sandbox signs its webhooks for its own id; a PayPal webhook id alone would mean nothing.
  if (v.PAYPAL_WEBHOOK_ID && !v.PAYPAL_CLIENT_ID) return ['PAYPAL_WEBHOOK_ID needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET'];
  return [];
}
