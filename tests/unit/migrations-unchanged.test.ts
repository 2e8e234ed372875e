/**
 * A migration's SQL is never edited once committed; its comments may be.
 * The runner (server/platform/db/migrate.ts) compares each applied
 * migration's checksum with the checksum of the file's SQL without its
 * comments, and a database that applied other SQL refuses to start. So
 * every file is held here to the "sql" checksum recorded for it in
 * server/platform/db/migration-history.json: a comment edit passes, a
 * change to the SQL (even to a string's spacing) fails. A new migration
 * adds its own record; a change to an old one goes in a new migration.
 */
import { describe, expect, it } from 'vitest';
import { loadMigrationHistory, loadMigrations } from '../../server/platform/db/migrate';

const HISTORY = 'server/platform/db/migration-history.json';
const history = loadMigrationHistory();

describe('the migrations as committed', () => {
  const migrations = loadMigrations();

  it.each(migrations.map((m) => [m.name, m.checksum] as const))('%s has the SQL every database applied', (name, checksum) => {
    expect(history, `${name} is new: add "${name}": { "sql": "${checksum}" } to ${HISTORY}`).toHaveProperty([name]);
    expect(
      checksum,
      `The SQL of ${name} was changed after it was committed, and a database that applied it would refuse to start. ` +
        `Only its comments may change: undo the change to its SQL and make the schema change in a new migration.`,
    ).toBe(history[name]?.sql);
  });

  it('keeps every migration ever recorded', () => {
    expect(migrations.map((m) => m.name)).toEqual(expect.arrayContaining(Object.keys(history)));
  });

  it('records checksums as sha256 in hex', () => {
    for (const record of Object.values(history)) {
      expect(record.sql).toMatch(/^[0-9a-f]{64}$/);
      if (record.text !== undefined) expect(record.text).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
