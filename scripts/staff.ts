/**
 * `npm run staff -- add EMAIL [ROLE]` gives a registered account a staff
 * role (app_metadata.role; admin unless ROLE names one of
 * src/domain/staff-roles.ts, docs/rules.md#staff-roles), `remove EMAIL`
 * takes it away, `list` names who holds which. A volunteer's events go
 * with the volunteer role. For the server's own sign-in (/auth/v1); with the
 * embedded database (PGlite) only while the server is stopped, as one
 * process owns DATA_DIR. A hosted Supabase project keeps its users itself:
 * set app_metadata there (dashboard or admin API), as the message says.
 * The change takes effect on the member's next request: the server reads
 * the role on every staff call. Each add and remove is written to the
 * staff audit in the same transaction, by "npm run staff" (no account).
 */
import type { Database } from '../server/platform/db/adapter.ts';
import { setStandInRole, STAFF_ROLE } from '../server/modules/auth';
import { recordAudit, type StaffActor } from '../server/modules/staff';
import { STAFF_ROLES, staffRoleOf, type StaffRole } from '../src/domain/staff-roles.ts';
import { DataDirLockedError } from '../server/platform/db/lock-file.ts';
import { migrate } from '../server/platform/db/migrate.ts';
import { openDatabase } from '../server/platform/db/open.ts';
import { EnvError, loadEnv } from '../server/platform/env.ts';
import { silentLogger } from '../server/platform/logger.ts';

/** Who a change made here is by in the staff audit: no account, the person at the server's command line. */
const COMMAND_LINE: StaffActor = { userId: '00000000-0000-0000-0000-000000000000', email: 'npm run staff' };

const USAGE = `Usage: npm run staff -- add EMAIL [${STAFF_ROLES.join('|')}] | remove EMAIL | list`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const [command, email, roleName] = process.argv.slice(2);
  if (!(command === 'list' || (command === 'add' && email) || (command === 'remove' && email && roleName === undefined))) fail(USAGE);
  const named = roleName === undefined ? STAFF_ROLE : (STAFF_ROLES as readonly string[]).includes(roleName) ? (roleName as StaffRole) : fail(USAGE);
  const role: StaffRole | null = command === 'add' ? named : null;
  const env = loadEnv();
  if (env.supabaseUrl) {
    fail(
      `Accounts live in the hosted Supabase project ${env.supabaseUrl}. Set the role there: ` +
        `auth.admin.updateUserById(id, { app_metadata: { role: "${named}" } }) with the service-role key, or SQL: ` +
        `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"${named}"}' where email = '…';`,
    );
  }
  const db: Database = await openDatabase(env, silentLogger);
  try {
    await migrate(db);
    if (command === 'list') {
      const rows = await db.query<{ email: string; role: string }>(
        "SELECT email, app_metadata->>'role' AS role FROM auth_users WHERE app_metadata->>'role' = ANY($1::text[]) ORDER BY email",
        [['staff', ...STAFF_ROLES]],
      );
      process.stdout.write(rows.length ? `${rows.map((r) => `${r.email} ${staffRoleOf(r.role)}`).join('\n')}\n` : 'No staff accounts.\n');
      return;
    }
    const found = await db.transaction(async (tx) => {
      const address = email!.trim().toLowerCase();
      const [account] = await tx.query<{ id: string; role: string | null }>(
        "SELECT id::text AS id, app_metadata->>'role' AS role FROM auth_users WHERE email = $1 FOR UPDATE",
        [address],
      );
      if (!account) return false;
      const at = new Date();
      await setStandInRole(tx, address, role, at);
      if (role !== 'volunteer') await tx.query('DELETE FROM volunteer_assignments WHERE user_id = $1::uuid', [account.id]);
      // In the staff audit as the Staff page's change is, by the command line rather than an admin's account.
      await recordAudit(
        tx,
        COMMAND_LINE,
        { action: 'role.set', entity: 'staff_account', entityId: account.id, before: { email: address, role: staffRoleOf(account.role) }, after: { email: address, role } },
        at,
      );
      return true;
    });
    if (!found) fail(`No account with the email ${email}. The person signs up first, then you add the role.`);
    process.stdout.write(role ? `${email} is now staff (${role}): /staff opens the staff console.\n` : `${email} is no longer staff.\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) fail(error.message);
  if (error instanceof DataDirLockedError) fail(`${error.message}\nStop the server, run this, then start it again.`);
  fail(error instanceof Error ? error.message : String(error));
});
