/**
 * The server's settings, parsed once from the environment. Nothing else in
 * the server reads process.env: it receives an `Env`. A wrong value stops
 * the server at start with a message naming the variable, rather than
 * surfacing later as a confusing runtime fault. How each variable is
 * parsed is env-schema.ts; the PayPal and sign-in limit settings' shapes
 * are env-paypal.ts and env-auth.ts.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { PAYPAL_SANDBOX_API, paypalProblems, type PayPalSettings } from './env-paypal';
import type { TrustProxy } from './http/client-address';
import type { AuthLimits } from './env-auth';
import { envSchema, type LogLevel, type ParsedEnv } from './env-schema';

export { PAYPAL_SANDBOX_API, type PayPalSettings } from './env-paypal';
export { LOG_LEVELS, type LogLevel } from './env-schema';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface Env {
  port: number;
  /** Absolute path of the embedded database's directory. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Demo data at start: SEED_DEMO, by default on except in production, where only SEED_DEMO=true loads it. */
  seedDemo: boolean;
  /** JOB_WORKER: this process takes jobs and runs the schedules (default true); false = a web-only process. */
  jobWorker: boolean;
  /** Absolute path of the built site. */
  staticDir: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  /** The tile URL the browser uses: VITE_TILE_URL, or OpenStreetMap's when unset. */
  tileUrl: string;
  /** Whether the generated /dev/tiles stand-in is served (not when tiles come from an outside host, never in production). */
  devTiles: boolean;
  /** The seminar talk video the browser plays (VITE_SEMINAR_VIDEO_URL); unset = no video. */
  seminarVideoUrl: string | undefined;
  /** SMTP server for outgoing mail; unset = the outbox table (read at /dev/outbox). */
  smtpUrl: string | undefined;
  /** SMTP_MAX_CONNECTIONS: emails in flight at once in this process, each over a pooled SMTP connection. */
  smtpMaxConnections: number;
  /** SMTP_MAX_PER_SECOND: emails this process hands the mail server a second at most; unset = no limit. */
  smtpMaxPerSecond: number | undefined;
  /** The From of every email the site sends. */
  mailFrom: string;
  /** Where contact-form enquiries are emailed. */
  enquiriesEmail: string;
  /** REMINDER_TIME: UK wall-clock time (HH:mm) on the day before an appointment when its reminder goes. */
  reminderTime: string;
  /** DEV_CLOCK_OFFSET_MINUTES: outside production, how far ahead of the machine's clock the server's starts (0 in production). */
  devClockOffsetMinutes: number;
  /** WAITLIST_OFFER_HOURS: how long a place freed for the first member waiting is held for him (never past the cut-off). */
  waitlistOfferHours: number;
  /** WAITLIST_MORNING_HOUR: a held place never runs out before this UK hour of a morning (nor past the cut-off). */
  waitlistMorningHour: number;
  /** RECALL_NEAR_MILES: how far from where he was last tested an event may be and still be listed in his recall invitation. */
  recallNearMiles: number;
  /** Signs the /auth/v1 stand-in's access tokens; unset = generated once and kept in the database. */
  authJwtSecret: string | undefined;
  /** Whether sign-in waits until the welcome email's link is opened: by default on in production only. */
  authRequireEmailConfirmation: boolean;
  /** A hosted Supabase project: the API then verifies its tokens, and /auth/v1 is not served here. */
  supabaseUrl: string | undefined;
  /** The hosted project's HS256 JWT secret; unset = its JWKS. */
  supabaseJwtSecret: string | undefined;
  /** The site's public origin, for links in emails; unset = the origin each request came to. */
  siteUrl: string | undefined;
  /** Signs access grants and /test-consent links; unset = generated once and kept in the database. */
  linkSigningSecret: string | undefined;
  /** A session with no refresh for this many days has ended. */
  authSessionInactivityDays: number;
  /** A session this many days old has ended, however active. */
  authSessionLifetimeDays: number;
  /** A staff session unused this many minutes needs the password again (docs/rules.md#staff-idle). */
  staffIdleMinutes: number;
  /** Sign-in, sign-up and email throttle limits (AuthLimits). */
  authLimits: AuthLimits;
  /** Which proxies' X-Forwarded-For is believed (server/platform/http/client-address.ts); null = none. */
  trustProxy: TrustProxy;
  /** Hosts (name, or name:port) whose Host header may be used for emailed links outside production when SITE_URL is unset. */
  allowedHosts: string[];
  /** PayPal REST credentials and API base; undefined = the local sandbox at /dev/paypal. */
  paypal: PayPalSettings | undefined;
  demoMemberEmail: string;
  demoMemberPassword: string;
  /** The demo staff account seeded with the demo data (the staff console at /staff). */
  demoStaffEmail: string;
  demoStaffPassword: string;
  /** The demo staff account's TOTP secret, seeded as a confirmed factor; undefined in production, where no demo factor is made. */
  demoStaffTotpSecret: string | undefined;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * What production cannot run without. Each missing setting would otherwise
 * fall back to a local stand-in that is unsafe on the internet: mail read
 * at /dev/outbox, links built from the request's Host, a signing secret
 * generated into the database.
 */
function productionProblems(v: ParsedEnv): string[] {
  const problems: string[] = [];
  const missing = (name: string, why: string) => `${name} is required when NODE_ENV=production (${why})`;
  if (!v.SMTP_URL) problems.push(missing('SMTP_URL', 'the outbox stand-in is not served in production'));
  if (!v.SITE_URL) problems.push(missing('SITE_URL', 'links in emails are built only from it'));
  if (!v.AUTH_JWT_SECRET && !v.SUPABASE_URL) {
    problems.push(missing('AUTH_JWT_SECRET or SUPABASE_URL', 'the built-in sign-in needs its own secret, or a hosted project'));
  }
  if (!v.PAYPAL_CLIENT_ID || !v.PAYPAL_CLIENT_SECRET) {
    problems.push(
      'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are required when NODE_ENV=production (the local PayPal sandbox takes no real money and is not served in production)',
    );
  }
  if (v.PAYPAL_CLIENT_ID && !v.PAYPAL_WEBHOOK_ID) {
    problems.push(missing('PAYPAL_WEBHOOK_ID', "PayPal's webhooks are verified against it; without it refunds and reversals PayPal reports later are never heard"));
  }
  if (v.DEV_CLOCK_OFFSET_MINUTES > 0) {
    problems.push(`DEV_CLOCK_OFFSET_MINUTES must not be set in production (got ${v.DEV_CLOCK_OFFSET_MINUTES}): production's clock is the machine's`);
  }
  if (v.VITE_TILE_URL?.startsWith('/dev/')) {
    problems.push(`VITE_TILE_URL must not point at /dev in production (got ${JSON.stringify(v.VITE_TILE_URL)}): /dev is not served`);
  }
  return problems;
}

/** Parse a set of variables (process.env in production, a literal in tests). */
export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name} ${issue.message.toLowerCase().startsWith('must') ? issue.message : `is invalid: ${issue.message}`} (got ${JSON.stringify(source[name] ?? '')})`;
      }),
    );
  }
  const v = result.data;
  const production = v.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(v);
    if (problems.length > 0) throw new EnvError(problems);
  }
  const problems = paypalProblems(v);
  if (problems.length > 0) throw new EnvError(problems);
  const absolute = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  return {
    port: v.PORT,
    dataDir: absolute(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    seedDemo: v.SEED_DEMO ?? !production,
    jobWorker: v.JOB_WORKER ?? true,
    staticDir: absolute(v.STATIC_DIR),
    nodeEnv: v.NODE_ENV,
    logLevel: v.LOG_LEVEL,
    tileUrl: v.VITE_TILE_URL ?? DEFAULT_TILE_URL,
    devTiles: !production && (v.VITE_TILE_URL === undefined || v.VITE_TILE_URL.startsWith('/')),
    seminarVideoUrl: v.VITE_SEMINAR_VIDEO_URL,
    smtpUrl: v.SMTP_URL,
    smtpMaxConnections: v.SMTP_MAX_CONNECTIONS,
    smtpMaxPerSecond: v.SMTP_MAX_PER_SECOND,
    mailFrom: v.MAIL_FROM,
    enquiriesEmail: v.ENQUIRIES_EMAIL,
    reminderTime: v.REMINDER_TIME,
    devClockOffsetMinutes: production ? 0 : v.DEV_CLOCK_OFFSET_MINUTES,
    waitlistOfferHours: v.WAITLIST_OFFER_HOURS,
    waitlistMorningHour: v.WAITLIST_MORNING_HOUR,
    recallNearMiles: v.RECALL_NEAR_MILES,
    authJwtSecret: v.AUTH_JWT_SECRET,
    // On in production unless turned off: with it, sign-up answers a taken and a new address alike.
    authRequireEmailConfirmation: v.AUTH_REQUIRE_EMAIL_CONFIRMATION ?? production,
    supabaseUrl: v.SUPABASE_URL,
    supabaseJwtSecret: v.SUPABASE_JWT_SECRET,
    siteUrl: v.SITE_URL,
    linkSigningSecret: v.LINK_SIGNING_SECRET,
    authSessionInactivityDays: v.AUTH_SESSION_INACTIVITY_DAYS,
    staffIdleMinutes: v.STAFF_IDLE_MINUTES,
    authSessionLifetimeDays: v.AUTH_SESSION_LIFETIME_DAYS,
    authLimits: {
      signupsPerAddressPerHour: v.AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR,
      signInFailuresPerAddress: v.AUTH_SIGNIN_FAILURES_PER_ADDRESS,
      signInFailuresPerAccount: v.AUTH_SIGNIN_FAILURES_PER_ACCOUNT,
      emailsPerAddressPerHour: v.AUTH_EMAILS_PER_ADDRESS_PER_HOUR,
    },
    trustProxy: v.TRUST_PROXY,
    allowedHosts: v.ALLOWED_HOSTS,
    paypal:
      v.PAYPAL_CLIENT_ID && v.PAYPAL_CLIENT_SECRET
        ? {
            clientId: v.PAYPAL_CLIENT_ID,
            clientSecret: v.PAYPAL_CLIENT_SECRET,
            apiBase: v.PAYPAL_API_BASE ?? PAYPAL_SANDBOX_API,
            ...(v.PAYPAL_WEBHOOK_ID ? { webhookId: v.PAYPAL_WEBHOOK_ID } : {}),
          }
        : undefined,
    demoMemberEmail: v.DEMO_MEMBER_EMAIL.toLowerCase(),
    demoMemberPassword: v.DEMO_MEMBER_PASSWORD,
    demoStaffEmail: v.DEMO_STAFF_EMAIL.toLowerCase(),
    demoStaffPassword: v.DEMO_STAFF_PASSWORD,
    demoStaffTotpSecret: production ? undefined : v.DEMO_STAFF_TOTP_SECRET,
  };
}

/**
 * The one place the server reads process.env. A `.env` file in the working
 * directory is read too (variables already set win), so the server and the
 * Vite build, which reads the same file, agree on settings such as
 * VITE_TILE_URL that both the page and the CSP depend on.
 */
export function loadEnv(envFile = '.env'): Env {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseEnv(process.env);
}
