/** server/env.ts: defaults, accepted spellings, and refusal naming the variable. */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../server/env';

describe('server settings', () => {
  it('defaults to a working local setup', () => {
    expect(parseEnv({}, '/srv/app')).toEqual({
      port: 3000,
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      seedDemo: true,
      staticDir: '/srv/app/dist',
      nodeEnv: 'development',
      logLevel: 'info',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      devTiles: true,
      seminarVideoUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'CHAPS <no-reply@chaps-charity.org.uk>',
      enquiriesEmail: 'info@chaps-charity.org.uk',
      authJwtSecret: undefined,
      authRequireEmailConfirmation: false,
      supabaseUrl: undefined,
      supabaseJwtSecret: undefined,
      siteUrl: undefined,
      demoMemberEmail: 'demo.member@example.com',
      demoMemberPassword: 'chaps-demo-2025',
      demoStaffEmail: 'demo.staff@example.com',
      demoStaffPassword: 'chaps-staff-2025',
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
    });
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
