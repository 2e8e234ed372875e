/**
 * `npm run consent-link -- --profile ID --date YYYY-MM-DD [--days N]`:
 * prints a signed /test-consent link (docs/rules.md#test-consent) for a
 * member's profile and test date, valid N days (30 by default), on SITE_URL or
 * http://localhost:PORT, the server's own address here (PORT is 3000 unless
 * set). Signed with LINK_SIGNING_SECRET when set; otherwise with the secret the
 * server keeps in its database, which this opens (with the embedded database,
 * only while the server is stopped: one process owns DATA_DIR).
 */
import { parseArgs } from 'node:util';
import type { Database } from '../server/platform/db/adapter.ts';
import { DataDirLockedError } from '../server/platform/db/lock-file.ts';
import { migrate } from '../server/platform/db/migrate.ts';
import { openDatabase } from '../server/platform/db/open.ts';
import { EnvError, loadEnv } from '../server/platform/env.ts';
import { silentLogger } from '../server/platform/logger.ts';
import { consentLinkUrl, DEFAULT_LINK_DAYS, makeConsentLink } from '../server/modules/booking';
import { signerFromSecret, storedSigningSecret } from '../server/platform/signing.ts';

const USAGE = 'Usage: npm run consent-link -- --profile ID --date YYYY-MM-DD [--days N]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { profile: { type: 'string' }, date: { type: 'string' }, days: { type: 'string' } },
    strict: true,
  });
  const profileId = Number(String(values.profile ?? '').replace(/^CHAPS/i, ''));
  const days = values.days === undefined ? DEFAULT_LINK_DAYS : Number(values.days);
  if (!values.profile || !values.date) fail(USAGE);
  if (!Number.isInteger(days) || days < 1 || days > 365) fail('--days must be a whole number from 1 to 365');

  const env = loadEnv();
  let secret = env.linkSigningSecret;
  let db: Database | null = null;
  if (!secret) {
    db = await openDatabase(env, silentLogger);
    await migrate(db);
    secret = await storedSigningSecret(db);
  }
  try {
    if (db) {
      const found = await db.query('SELECT 1 FROM member_profiles WHERE profile_id = $1', [Number.isSafeInteger(profileId) ? profileId : 0]);
      if (found.length === 0) fail(`No member profile ${values.profile} in this database.`);
    }
    const link = await makeConsentLink(signerFromSecret(secret), profileId, values.date, new Date(), days);
    process.stdout.write(`${consentLinkUrl(env.siteUrl ?? `http://localhost:${env.port}`, link)}\n`);
  } finally {
    await db?.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) fail(error.message);
  if (error instanceof DataDirLockedError) {
    fail(`${error.message}\nOr set LINK_SIGNING_SECRET (the same value for the server and this script) to sign without the database.`);
  }
  fail(error instanceof Error ? error.message : String(error));
});
