/**
 * Every variable the server reads and how each is parsed (zod): the
 * value readers (an empty value is unset, a flag, a URL, a whole number)
 * and the schema naming them. Apart from server/platform/env.ts, which
 * turns a parsed result into an `Env` and says what production needs, so
 * that adding a setting starts here and reading one stays short there.
 */
import { z } from 'zod';
import { DEFAULT_NEAR_MILES } from '../../src/domain/recall-invitations';
import { DEFAULT_REMINDER_TIME } from '../../src/domain/reminders';
import { DEFAULT_MORNING_HOUR, DEFAULT_OFFER_HOURS } from '../../src/domain/waiting-list';
import { parseTrustProxy, type TrustProxy } from './http/client-address';
import { DEFAULT_AUTH_LIMITS } from './env-auth';

/** The demo staff account's documented TOTP secret (README, .env.example): an authenticator app or tests/e2e/support/staff.ts computes its codes. */
export const DEMO_STAFF_TOTP_SECRET = 'CHAPSDEMOSTAFFTOTPSECRET7A2B3C4D';

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

export const envSchema = z.object({
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
  // How many emails one process has in flight, each over its own pooled SMTP connection (or outbox write).
  SMTP_MAX_CONNECTIONS: wholeNumber(4, 2, { format: 'must be a whole number of connections', min: 'must be at least 1 connection' }).pipe(
    z.number().max(20, 'must be at most 20 connections'),
  ),
  // The most emails one process hands the mail server each second; unset = as fast as it takes them.
  SMTP_MAX_PER_SECOND: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of emails a second')
      .optional()
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .pipe(z.number().min(1, 'must be at least 1 email a second').optional()),
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
  // Outside production: the server's clock starts this many minutes ahead of the machine's (/dev/clock moves it on from there).
  DEV_CLOCK_OFFSET_MINUTES: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of minutes')
      .optional()
      .transform((v) => (v === undefined ? 0 : Number(v)))
      .pipe(z.number().max(2880, 'must be at most 2880 minutes (two days)')),
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
  STAFF_IDLE_MINUTES: wholeNumber(30, 4, { format: 'must be a whole number of minutes', min: 'must be at least 1 minute' }),
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
  // The demo staff account's authenticator secret (docs/rules.md#second-factor); ignored in production.
  DEMO_STAFF_TOTP_SECRET: optionalText.pipe(z.string().regex(/^[A-Z2-7]{16,64}$/, 'must be a base32 secret (A-Z and 2-7, 16 to 64 characters)').default(DEMO_STAFF_TOTP_SECRET)),
});

/** The variables as parsed, before they become an `Env`. */
export type ParsedEnv = z.infer<typeof envSchema>;
