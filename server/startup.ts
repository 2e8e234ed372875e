/**
 * What happens to the database before the server answers: migrations, then
 * the demo events when SEED_DEMO allows and the table is empty. The
 * private demo event's access code is logged here, the only time it exists
 * in plain text.
 */
import type { Database } from './platform/db/adapter';
import { migrate } from './platform/db/migrate';
import type { Env } from './platform/env';
import type { Logger } from './platform/logger';
import { seedDemoMember, seedDemoMemberBookings } from './seed/demo-member';
import { seedDemoStaff } from './seed/demo-staff';
import { seedDemo, type SeedResult } from './seed/seed';

export interface PreparedDatabase {
  migrationsApplied: string[];
  seed: SeedResult | null;
}

export async function prepareDatabase(
  db: Database,
  env: Pick<Env, 'seedDemo'> &
    Partial<Pick<Env, 'demoMemberEmail' | 'demoMemberPassword' | 'demoStaffEmail' | 'demoStaffPassword' | 'demoStaffTotpSecret' | 'authJwtSecret'>>,
  logger: Logger,
  now: Date = new Date(),
): Promise<PreparedDatabase> {
  const migrationsApplied = await migrate(db);
  if (migrationsApplied.length > 0) logger.info(`Applied migrations: ${migrationsApplied.join(', ')}`);
  if (!env.seedDemo) return { migrationsApplied, seed: null };

  // The demo member first, so it keeps the first profile id (CHAPS1001) ahead of the demo events' attendees.
  const { demoMemberEmail, demoMemberPassword } = env;
  let demoMemberProfile: number | undefined;
  if (demoMemberEmail && demoMemberPassword) {
    const member = await seedDemoMember(db, { demoMemberEmail, demoMemberPassword }, now);
    if (member.created) logger.info(`Created the demo member ${demoMemberEmail} (password: DEMO_MEMBER_PASSWORD)`);
    demoMemberProfile = member.profileId;
  }
  const { demoStaffEmail, demoStaffPassword, demoStaffTotpSecret, authJwtSecret } = env;
  if (demoStaffEmail && demoStaffPassword && (await seedDemoStaff(db, { demoStaffEmail, demoStaffPassword, demoStaffTotpSecret, authJwtSecret }, now))) {
    logger.info(
      `Created the demo staff account ${demoStaffEmail} (password: DEMO_STAFF_PASSWORD${demoStaffTotpSecret ? '; authenticator secret: DEMO_STAFF_TOTP_SECRET' : ''}); the staff console is at /staff`,
    );
  }
  const seed = await seedDemo(db, now);
  // After the demo events: they load only into an empty events table, and these are past events of his own.
  if (demoMemberProfile !== undefined) await seedDemoMemberBookings(db, demoMemberProfile, now);
  if (seed.inserted > 0) logger.info(`Loaded ${seed.inserted} demo events into the empty database`);
  if (seed.privateAccess) {
    const { eventName, eventId, accessCode } = seed.privateAccess;
    logger.info(
      `Private demo event "${eventName}" (${eventId}): access code ${accessCode} ` +
        '(shown only now; the database keeps just its hash)',
    );
  }
  return { migrationsApplied, seed };
}
