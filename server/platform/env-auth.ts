/**
 * The limits that meet real use at a screening venue, where many men share
 * one address (the hall's Wi-Fi, a volunteer's tablet): settings, with
 * these defaults (read by server/platform/env-schema.ts, listed in .env.example,
 * applied by server/modules/auth/throttle.ts). Windows are fixed; the
 * numbers in them are not.
 */
export interface AuthLimits {
  /** New accounts from one address in an hour (AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR). */
  signupsPerAddressPerHour: number;
  /** Failed sign-ins from one address at any accounts per 15 minutes (AUTH_SIGNIN_FAILURES_PER_ADDRESS). */
  signInFailuresPerAddress: number;
  /** Failed sign-ins from one address at one account per 15 minutes (AUTH_SIGNIN_FAILURES_PER_ACCOUNT). */
  signInFailuresPerAccount: number;
  /** Password reset and confirmation emails asked for from one address in an hour (AUTH_EMAILS_PER_ADDRESS_PER_HOUR). */
  emailsPerAddressPerHour: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signupsPerAddressPerHour: 10,
  signInFailuresPerAddress: 30,
  signInFailuresPerAccount: 5,
  emailsPerAddressPerHour: 10,
};
