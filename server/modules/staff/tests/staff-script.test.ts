/**
 * `npm run staff -- add EMAIL | remove EMAIL | list` against an embedded
 * database, as an administrator would run it with the server stopped:
 * the role lands in the user's app_metadata, an unknown email is refused
 * with a way forward, and removing it takes it away.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../platform/db/pglite';

const dataDir = mkdtempSync(join(tmpdir(), 'chaps-staff-script-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SUPABASE_URL: '', LOG_LEVEL: 'silent' };
const staff = (...args: string[]) => spawnSync('npx', ['tsx', 'scripts/staff.ts', ...args], { env, encoding: 'utf8' });

describe('npm run staff', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('grants, lists and removes the staff role; refuses an unknown email and a wrong command', async () => {
    expect(execFileSync('npx', ['tsx', 'scripts/staff.ts', 'list'], { env, encoding: 'utf8' })).toBe('No staff accounts.\n');
    const db = await openPglite(dataDir);
    await db.query("INSERT INTO auth_users (email, encrypted_password, user_metadata) VALUES ('organiser@example.org', 'x', '{}')");
    await db.close();

    const unknown = staff('add', 'nobody@example.org');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.org. The person signs up first');
    expect(staff('promote', 'organiser@example.org').stderr).toContain('Usage: npm run staff -- add EMAIL | remove EMAIL | list');

    const added = staff('add', 'Organiser@Example.org');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('is now staff');
    expect(staff('list').stdout).toBe('organiser@example.org\n');
    const check = await openPglite(dataDir);
    const [row] = await check.query<{ app_metadata: unknown }>("SELECT app_metadata FROM auth_users WHERE email = 'organiser@example.org'");
    await check.close();
    expect(row!.app_metadata).toEqual({ role: 'admin' });

    expect(staff('remove', 'organiser@example.org').stdout).toContain('is no longer staff');
    expect(staff('list').stdout).toBe('No staff accounts.\n');
  }, 120_000);
});
