/**
 * `npm run staff -- add EMAIL [ROLE] | remove EMAIL | list` against an embedded
 * database, as an administrator would run it with the server stopped:
 * the role lands in the user's app_metadata, an unknown email is refused
 * with a way forward, a role that does not exist is refused, and removing
 * it takes it away; each add and remove is one staff audit row, by the
 * command line.
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
    const usage = 'Usage: npm run staff -- add EMAIL [admin|clinical|events|volunteer] | remove EMAIL | list';
    expect(staff('promote', 'organiser@example.org').stderr).toContain(usage);
    expect(staff('add', 'organiser@example.org', 'owner').stderr).toContain(usage);

    const added = staff('add', 'Organiser@Example.org');
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('is now staff (admin)');
    expect(staff('list').stdout).toBe('organiser@example.org admin\n');
    const check = await openPglite(dataDir);
    const [row] = await check.query<{ id: string; app_metadata: unknown }>("SELECT id::text AS id, app_metadata FROM auth_users WHERE email = 'organiser@example.org'");
    // One staff audit row, by the command line, and none for the refused commands before it.
    const audit = await check.query("SELECT staff_user_id::text AS by, staff_email, action, entity, entity_id, before, after FROM staff_audit ORDER BY audit_id");
    await check.close();
    expect(row!.app_metadata).toEqual({ role: 'admin' });
    expect(audit).toEqual([
      {
        by: '00000000-0000-0000-0000-000000000000',
        staff_email: 'npm run staff',
        action: 'role.set',
        entity: 'staff_account',
        entity_id: row!.id,
        before: { email: 'organiser@example.org', role: null },
        after: { email: 'organiser@example.org', role: 'admin' },
      },
    ]);

    const volunteer = staff('add', 'organiser@example.org', 'volunteer');
    expect(volunteer.stdout).toContain('is now staff (volunteer)');

    expect(staff('remove', 'organiser@example.org').stdout).toContain('is no longer staff');
    expect(staff('list').stdout).toBe('No staff accounts.\n');
    const after = await openPglite(dataDir);
    const changes = await after.query<{ before: unknown; after: unknown }>("SELECT before, after FROM staff_audit WHERE action = 'role.set' ORDER BY audit_id");
    await after.close();
    expect(changes.slice(1)).toEqual([
      { before: { email: 'organiser@example.org', role: 'admin' }, after: { email: 'organiser@example.org', role: 'volunteer' } },
      { before: { email: 'organiser@example.org', role: 'volunteer' }, after: { email: 'organiser@example.org', role: null } },
    ]);
  }, 300_000);
});
