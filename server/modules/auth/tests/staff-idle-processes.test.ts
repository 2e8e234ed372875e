/**
 * The staff idle timeout over two server processes on one PostgreSQL
 * database (docs/rules.md#staff-idle), their clocks moved with /dev/clock:
 * a session signed in on one and first used on the other 31 minutes later
 * is refused; one used, left two days while the other process starts a
 * session (whose first call tidies), then refreshed, is refused too and
 * ended. PostgreSQL only, when TEST_DATABASE_URL is set: PGlite's DATA_DIR
 * has one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdentifier } from '../../../platform/db/postgres';
import { createTestDatabase, type TestDatabase } from '../../../../tests/fixtures/db';
import { SUPABASE_HEADERS, uniqueEmail } from '../../../../tests/fixtures/members';
import { startServer, type RunningServer } from '../../../../tests/fixtures/server-process';

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const PASSWORD = 'correct-horse-1';

/** The test database's URL with its throwaway schema first on every connection's search_path. */
function urlForSchema(url: string, schema: string): string {
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${quoteIdentifier(schema)}`);
  return withSchema.toString();
}

type Tokens = { access_token: string; refresh_token: string };

async function call<T>(origin: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${origin}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const auth = (origin: string, path: string, body: unknown) =>
  call<Tokens & { error_code?: string }>(origin, `/auth/v1${path}`, { method: 'POST', headers: SUPABASE_HEADERS, body: JSON.stringify(body) });
const staffCall = (origin: string, token: string) => call<{ error?: string }>(origin, '/api/staff/events', { headers: { Authorization: `Bearer ${token}` } });

describe.skipIf(!postgresUrl)('the staff idle timeout over two server processes on PostgreSQL', () => {
  let test: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let email: string;

  /** Moves both processes' clocks on together. */
  async function advance(minutes: number) {
    for (let left = minutes; left > 0; left -= 1440) {
      for (const server of [a, b]) {
        const moved = await call(server.origin, '/dev/clock/advance', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ minutes: Math.min(left, 1440) }) });
        expect(moved.status).toBe(200);
      }
    }
  }
  const signIn = async (origin: string) => {
    const res = await auth(origin, '/token?grant_type=password', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    const [{ schema } = { schema: '' }] = await test.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const env = { DATABASE_URL: urlForSchema(postgresUrl!, schema), SEED_DEMO: 'false', NODE_ENV: 'development', STAFF_IDLE_MINUTES: '30' };
    // One after another: the first migrates the schema.
    a = await startServer(env);
    b = await startServer(env);
    email = uniqueEmail('idle.processes');
    expect((await auth(a.origin, '/signup', { email, password: PASSWORD })).status).toBe(200);
    // An events role, which signs in with a password alone (docs/rules.md#second-factor).
    await test.db.query(`UPDATE auth_users SET app_metadata = app_metadata || '{"role":"events"}' WHERE email = $1`, [email]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await test?.dispose();
  }, 60_000);

  it('refuses at its first call on one process a session signed in on the other 31 minutes before', async () => {
    const unused = await signIn(a.origin);
    await advance(31);
    const first = await staffCall(b.origin, unused.access_token);
    expect(first.status).toBe(401);
    expect(first.body.error).toBe('session_idle');
    expect((await auth(a.origin, '/token?grant_type=refresh_token', { refresh_token: unused.refresh_token })).status).toBe(400);
  }, 60_000);

  it('refuses a session left two days, while the other process tidied, once it is refreshed; and ends it', async () => {
    const left = await signIn(a.origin);
    expect((await staffCall(a.origin, left.access_token)).status).toBe(200);
    await advance(2 * 1440 + 1);
    const other = await signIn(b.origin);
    expect((await staffCall(b.origin, other.access_token)).status).toBe(200);

    const refreshed = await auth(a.origin, '/token?grant_type=refresh_token', { refresh_token: left.refresh_token });
    expect(refreshed.status).toBe(200);
    const late = await staffCall(b.origin, refreshed.body.access_token);
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('session_idle');
    expect((await staffCall(a.origin, refreshed.body.access_token)).status).toBe(401);
    expect((await auth(b.origin, '/token?grant_type=refresh_token', { refresh_token: refreshed.body.refresh_token })).status).toBe(400);
    expect((await staffCall(a.origin, other.access_token)).status).toBe(200);
  }, 60_000);
});
