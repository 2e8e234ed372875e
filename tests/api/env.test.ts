/** server/platform/env.ts: defaults, accepted spellings, and refusal naming the variable. */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../server/platform/env';

const PRODUCTION_NEEDS = {
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
  SITE_URL: 'https://www.example.org',
  AUTH_JWT_SECRET: 'x'.repeat(40),
  PAYPAL_CLIENT_ID: 'AbCdEf0123456789-paypal',
  PAYPAL_CLIENT_SECRET: 'a-paypal-secret-value',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
};

describe('server settings', () => {
  it('defaults to a working local setup', () => {
    expect(parseEnv({}, '/srv/app')).toEqual({
      port: 3000,
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      seedDemo: true,
      jobWorker: true,
      staticDir: '/srv/app/dist',
      nodeEnv: 'development',
      logLevel: 'info',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      devTiles: true,
      seminarVideoUrl: undefined,
      smtpUrl: undefined,
      smtpMaxConnections: 4,
      smtpMaxPerSecond: undefined,
      mailFrom: 'CHAPS <no-reply@chaps-charity.org.uk>',
      enquiriesEmail: 'info@chaps-charity.org.uk',
      reminderTime: '09:00',
      waitlistOfferHours: 12,
      waitlistMorningHour: 10,
      recallNearMiles: 50,
      authJwtSecret: undefined,
      authRequireEmailConfirmation: false,
      supabaseUrl: undefined,
      supabaseJwtSecret: undefined,
      siteUrl: undefined,
      authSessionInactivityDays: 14,
      authSessionLifetimeDays: 90,
      staffIdleMinutes: 30,
      authLimits: { signupsPerAddressPerHour: 10, signInFailuresPerAddress: 30, signInFailuresPerAccount: 5, emailsPerAddressPerHour: 10 },
      trustProxy: null,
      allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
      demoMemberEmail: 'demo.member@example.com',
      demoMemberPassword: 'chaps-demo-2025',
      demoStaffEmail: 'demo.staff@example.com',
      demoStaffPassword: 'chaps-staff-2025',
      demoStaffTotpSecret: 'CHAPSDEMOSTAFFTOTPSECRET7A2B3C4D',
      devClockOffsetMinutes: 0,
    });
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ', SEED_DEMO: '', VITE_TILE_URL: '' }, '/x')).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      devTiles: true,
    });
  });

  it.each([
    ['false', false],
    ['FALSE', false],
    ['0', false],
    ['no', false],
    ['true', true],
    ['1', true],
  ])('reads SEED_DEMO=%s as %s', (value, expected) => {
    expect(parseEnv({ SEED_DEMO: value }).seedDemo).toBe(expected);
  });

  it('reads every setting', () => {
    const env = parseEnv(
      {
        PORT: '3055',
        DATA_DIR: '/var/lib/chaps',
        DATABASE_URL: 'postgresql://app@db:5432/chaps',
        STATIC_DIR: 'build',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        VITE_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        RECALL_NEAR_MILES: '35',
        ...PRODUCTION_NEEDS,
      },
      '/srv/app',
    );
    expect(env).toMatchObject({
      port: 3055,
      dataDir: '/var/lib/chaps',
      databaseUrl: 'postgresql://app@db:5432/chaps',
      staticDir: '/srv/app/build',
      nodeEnv: 'production',
      logLevel: 'warn',
      devTiles: false,
      recallNearMiles: 35,
    });
  });

  it('loads no demo data in production unless SEED_DEMO=true says so', () => {
    expect(parseEnv({ NODE_ENV: 'production', ...PRODUCTION_NEEDS })).toMatchObject({ seedDemo: false, devTiles: false });
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true', ...PRODUCTION_NEEDS }).seedDemo).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).seedDemo).toBe(true);
  });

  it('seeds no demo authenticator in production, even with SEED_DEMO=true and a key given (docs/rules.md#second-factor)', () => {
    const env = parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_STAFF_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP', ...PRODUCTION_NEEDS });
    expect(env.demoStaffTotpSecret).toBeUndefined();
    expect(parseEnv({ DEMO_STAFF_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP' }).demoStaffTotpSecret).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(() => parseEnv({ DEMO_STAFF_TOTP_SECRET: 'not base32!' })).toThrow(/DEMO_STAFF_TOTP_SECRET/);
  });

  it('refuses to start production on a clock moved ahead of the machine’s', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DEV_CLOCK_OFFSET_MINUTES: '600', ...PRODUCTION_NEEDS })).toThrow(/DEV_CLOCK_OFFSET_MINUTES must not be set in production/);
    expect(parseEnv({ NODE_ENV: 'production', DEV_CLOCK_OFFSET_MINUTES: '0', ...PRODUCTION_NEEDS }).devClockOffsetMinutes).toBe(0);
  });

  it('requires email confirmation in production unless told otherwise, and not in development', () => {
    expect(parseEnv({ NODE_ENV: 'production', ...PRODUCTION_NEEDS }).authRequireEmailConfirmation).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', ...PRODUCTION_NEEDS }).authRequireEmailConfirmation).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_REQUIRE_EMAIL_CONFIRMATION: '', ...PRODUCTION_NEEDS }).authRequireEmailConfirmation).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development' }).authRequireEmailConfirmation).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test' }).authRequireEmailConfirmation).toBe(false);
    expect(parseEnv({ AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' }).authRequireEmailConfirmation).toBe(true);
  });

  it('accepts a hosted Supabase project instead of AUTH_JWT_SECRET in production', () => {
    const { AUTH_JWT_SECRET: _unused, ...rest } = PRODUCTION_NEEDS;
    expect(parseEnv({ NODE_ENV: 'production', ...rest, SUPABASE_URL: 'https://abcd.supabase.co' }).nodeEnv).toBe('production');
  });

  it('refuses production without its settings, naming each, and refuses /dev tiles there', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required[\s\S]*SITE_URL is required[\s\S]*AUTH_JWT_SECRET or SUPABASE_URL[\s\S]*PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/);
    const { PAYPAL_WEBHOOK_ID: _webhook, ...noWebhook } = PRODUCTION_NEEDS;
    expect(() => parseEnv({ NODE_ENV: 'production', ...noWebhook })).toThrow(/PAYPAL_WEBHOOK_ID is required when NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: 'production', ...PRODUCTION_NEEDS, VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' })).toThrow(
      /VITE_TILE_URL must not point at \/dev in production/,
    );
  });

  it.each([
    ['false', null],
    ['1', { hops: 1 }],
    ['10.0.0.1, 10.0.0.2', { addresses: ['10.0.0.1', '10.0.0.2'] }],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('keeps the tile stand-in when tiles are a local path', () => {
    expect(parseEnv({ VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' })).toMatchObject({ devTiles: true });
  });

  it.each([
    ['', undefined],
    ['/media/seminar-talk.mp4', '/media/seminar-talk.mp4'],
    [' https://media.example.org/talk.mp4 ', 'https://media.example.org/talk.mp4'],
  ])('reads VITE_SEMINAR_VIDEO_URL=%j as %j', (value, expected) => {
    expect(parseEnv({ VITE_SEMINAR_VIDEO_URL: value }).seminarVideoUrl).toBe(expected);
  });

  it('reads the sign-in throttles, with their documented defaults', () => {
    expect(parseEnv({}).authLimits).toEqual({
      signupsPerAddressPerHour: 10,
      signInFailuresPerAddress: 30,
      signInFailuresPerAccount: 5,
      emailsPerAddressPerHour: 10,
    });
    expect(
      parseEnv({ AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR: '200', AUTH_SIGNIN_FAILURES_PER_ACCOUNT: ' 8 ' }).authLimits,
    ).toMatchObject({ signupsPerAddressPerHour: 200, signInFailuresPerAccount: 8 });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['SEED_DEMO', 'maybe'],
    ['DATABASE_URL', 'mysql://db/chaps'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['VITE_TILE_URL', 'https://tiles.example.org/tile.png'],
    ['VITE_TILE_URL', 'tiles/{z}/{x}/{y}.png'],
    ['VITE_SEMINAR_VIDEO_URL', 'media/talk.mp4'],
    ['VITE_SEMINAR_VIDEO_URL', 'ftp://media.example.org/talk.mp4'],
    ['TRUST_PROXY', 'the-proxy'],
    ['AUTH_SESSION_INACTIVITY_DAYS', '0'],
    ['AUTH_SESSION_LIFETIME_DAYS', 'a year'],
    ['STAFF_IDLE_MINUTES', '0'],
    ['STAFF_IDLE_MINUTES', 'half an hour'],
    ['STAFF_IDLE_MINUTES', '12.5'],
    ['SMTP_MAX_CONNECTIONS', '0'],
    ['SMTP_MAX_CONNECTIONS', '21'],
    ['SMTP_MAX_CONNECTIONS', 'four'],
    ['SMTP_MAX_PER_SECOND', '0'],
    ['SMTP_MAX_PER_SECOND', '2.5'],
    ['SMTP_MAX_PER_SECOND', 'fast'],
    ['AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR', '0'],
    ['AUTH_SIGNIN_FAILURES_PER_ADDRESS', 'many'],
    ['AUTH_EMAILS_PER_ADDRESS_PER_HOUR', '-3'],
    ['ALLOWED_HOSTS', 'http://evil.example/'],
    ['REMINDER_TIME', '9am'],
    ['REMINDER_TIME', '24:00'],
    ['WAITLIST_OFFER_HOURS', '0'],
    ['WAITLIST_OFFER_HOURS', '169'],
    ['WAITLIST_OFFER_HOURS', 'half a day'],
    ['WAITLIST_MORNING_HOUR', '4'],
    ['WAITLIST_MORNING_HOUR', '13'],
    ['WAITLIST_MORNING_HOUR', '9am'],
    ['RECALL_NEAR_MILES', '0'],
    ['RECALL_NEAR_MILES', '501'],
    ['RECALL_NEAR_MILES', '12.5'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    let thrown: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    expect((thrown as EnvError).problems).toHaveLength(1);
    expect((thrown as EnvError).message).toContain(`${name} `);
    expect((thrown as EnvError).message).toContain(JSON.stringify(value));
  });
});
