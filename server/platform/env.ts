/**
 * The server's settings, parsed once from the environment. Nothing else in
 * the server reads process.env: it receives an `Env`. A wrong value stops
 * the server at start with a message naming the variable, rather than
 * surfacing later as a confusing runtime fault.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_NEAR_MILES } from '../../src/domain/recall-invitations';
import { DEFAULT_REMINDER_TIME } from '../../src/domain/reminders';
import { DEFAULT_MORNING_HOUR, DEFAULT_OFFER_HOURS } from '../../src/domain/waiting-list';
import { PAYPAL_SANDBOX_API, paypalProblems, type PayPalSettings } from './env-paypal';

export { PAYPAL_SANDBOX_API, type PayPalSettings } from './env-paypal';
import { parseTrustProxy, type TrustProxy } from './http/client-address';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './env-auth';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

// An empty value in a .env file means "use the default", as if unset.
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** true, false, or undefined when unset (for settings whose default depends on NODE_ENV). */
const optionalFlag = optionalText.pipe(
  z
    .string()
    .optional()
    .refine((v) => v === undefined || [...TRUE_WORDS, ...FALSE_WORDS].includes(v.toLowerCase()), {
      message: 'must be true or false',
    })
    .transform((v) => (v === undefined ? undefined : TRUE_WORDS.includes(v.toLowerCase()))),
);

const tileUrl = optionalText.pipe(
  z
    .string()
    .optional()
    .refine((v) => v === undefined || (v.includes('{z}') && v.includes('{x}') && v.includes('{y}')), {
      message: 'must contain {z}, {x} and {y}',
    })
    .refine((v) => v === undefined || v.startsWith('/') || /^https?:\/\/[^/]+/.test(v), {
      message: 'must be an http(s) URL or a path starting with /',
    }),
);

// A media file the page plays: a path on this site or an http(s) URL.
const mediaUrl = optionalText.pipe(
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v.startsWith('/') || /^https?:\/\/[^/]+/.test(v), {
      message: 'must be an http(s) URL or a path starting with /',
    }),
);

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/]+/, 'must be an http(s) URL')
  .optional()
  .transform((v) => v?.replace(/\/+$/, ''));

/** A whole number of up to `digits` digits, at least 1, or `fallback` when unset. */
const wholeNumber = (fallback: number, digits: number, messages: { format: string; min: string }) =>
  optionalText.pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{1,${digits}}$`), messages.format)
      .optional()
      .transform((v) => (v === undefined ? fallback : Number(v)))
      .pipe(z.number().min(1, messages.min)),
  );

/** A whole number of days, at least 1. */
const days = (fallback: number) => wholeNumber(fallback, 4, { format: 'must be a whole number of days', min: 'must be at least 1 day' });

/** A whole number of attempts in a window, at least 1. */
const perWindow = (fallback: number) => wholeNumber(fallback, 6, { format: 'must be a whole number', min: 'must be at least 1' });

const schema = z.object({
  PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .optional()
      .transform((v) => (v === undefined ? 3000 : Number(v)))
      .pipe(z.number().max(65535, 'must be a port number (at most 65535)')),
  ),
  DATA_DIR: optionalText.pipe(z.string().default('./data')),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SEED_DEMO: optionalFlag,
  JOB_WORKER: optionalFlag,
  STATIC_DIR: optionalText.pipe(z.string().default('dist')),
  NODE_ENV: optionalText.pipe(z.enum(['development', 'production', 'test']).default('development')),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).default('info')),
  VITE_TILE_URL: tileUrl,
  VITE_SEMINAR_VIDEO_URL: mediaUrl,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().default('CHAPS <no-reply@chaps-charity.org.uk>')),
  ENQUIRIES_EMAIL: optionalText.pipe(z.email('must be an email address').default('info@chaps-charity.org.uk')),
  REMINDER_TIME: optionalText.pipe(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a UK time as HH:mm (24-hour), e.g. 09:00')
      .default(DEFAULT_REMINDER_TIME),
  ),
  WAITLIST_OFFER_HOURS: wholeNumber(DEFAULT_OFFER_HOURS, 3, { format: 'must be a whole number of hours', min: 'must be at least 1 hour' }).pipe(
    z.number().max(168, 'must be at most 168 hours (a week)'),
  ),
  WAITLIST_MORNING_HOUR: wholeNumber(DEFAULT_MORNING_HOUR, 2, { format: 'must be a whole hour, e.g. 10', min: 'must be from 5 to 12' }).pipe(
    z.number().min(5, 'must be from 5 to 12').max(12, 'must be from 5 to 12'),
  ),
  RECALL_NEAR_MILES: wholeNumber(DEFAULT_NEAR_MILES, 3, { format: 'must be a whole number of miles', min: 'must be at least 1 mile' }).pipe(
    z.number().max(500, 'must be at most 500 miles'),
  ),
  AUTH_JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  AUTH_REQUIRE_EMAIL_CONFIRMATION: optionalFlag,
  SUPABASE_URL: optionalText.pipe(httpUrl),
  SUPABASE_JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SITE_URL: optionalText.pipe(httpUrl),
  LINK_SIGNING_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .optional()
      .refine((v) => parseTrustProxy(v) !== 'invalid', {
        message: 'must be false, a number of proxy hops, or a comma list of proxy IP addresses',
      })
      .transform((v) => parseTrustProxy(v) as TrustProxy),
  ),
  ALLOWED_HOSTS: optionalText.pipe(
    z
      .string()
      .default('localhost,127.0.0.1,[::1]')
      .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
      .refine((hosts) => hosts.every((h) => /^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(h)), {
        message: 'must be a comma list of host names (optionally with :port)',
      }),
  ),
  AUTH_SESSION_INACTIVITY_DAYS: days(14),
  AUTH_SESSION_LIFETIME_DAYS: days(90),
  AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR: perWindow(DEFAULT_AUTH_LIMITS.signupsPerAddressPerHour),
  AUTH_SIGNIN_FAILURES_PER_ADDRESS: perWindow(DEFAULT_AUTH_LIMITS.signInFailuresPerAddress),
  AUTH_SIGNIN_FAILURES_PER_ACCOUNT: perWindow(DEFAULT_AUTH_LIMITS.signInFailuresPerAccount),
  AUTH_EMAILS_PER_ADDRESS_PER_HOUR: perWindow(DEFAULT_AUTH_LIMITS.emailsPerAddressPerHour),
  PAYPAL_CLIENT_ID: optionalText.pipe(z.string().regex(/^[\w-]{10,200}$/, 'must be a PayPal REST app client id').optional()),
  PAYPAL_CLIENT_SECRET: optionalText.pipe(z.string().min(10, 'must be a PayPal REST app secret').optional()),
  PAYPAL_API_BASE: optionalText.pipe(httpUrl),
  PAYPAL_WEBHOOK_ID: optionalText.pipe(z.string().regex(/^[A-Za-z0-9-]{5,50}$/, 'must be a PayPal webhook id (letters and digits)').optional()),
  DEMO_MEMBER_EMAIL: optionalText.pipe(z.email('must be an email address').default('demo.member@example.com')),
  DEMO_MEMBER_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').default('chaps-demo-2025')),
  DEMO_STAFF_EMAIL: optionalText.pipe(z.email('must be an email address').default('demo.staff@example.com')),
  DEMO_STAFF_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').default('chaps-staff-2025')),
});

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
  /** The From of every email the site sends. */
  mailFrom: string;
  /** Where contact-form enquiries are emailed. */
  enquiriesEmail: string;
  /** REMINDER_TIME: UK wall-clock time (HH:mm) on the day before an appointment when its reminder goes. */
  reminderTime: string;
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
function productionProblems(v: z.infer<typeof schema>): string[] {
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
  if (v.VITE_TILE_URL?.startsWith('/dev/')) {
    problems.push(`VITE_TILE_URL must not point at /dev in production (got ${JSON.stringify(v.VITE_TILE_URL)}): /dev is not served`);
  }
  return problems;
}

/** Parse a set of variables (process.env in production, a literal in tests). */
export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()): Env {
  const result = schema.safeParse(source);
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
    mailFrom: v.MAIL_FROM,
    enquiriesEmail: v.ENQUIRIES_EMAIL,
    reminderTime: v.REMINDER_TIME,
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
