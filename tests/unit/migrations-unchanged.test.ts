/**
 * A migration is never edited once committed, not even a comment: the
 * runner (server/platform/db/migrate.ts) compares each applied
 * migration's checksum of its whole text with the file's, and a database
 * that ran the old text refuses to start. The checksums here are those of
 * the committed files; a new migration adds its own line, and a change to
 * an old one goes in a new migration instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../../server/platform/db/migrate';

const recorded = JSON.parse(readFileSync(new URL('../fixtures/migration-checksums.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('the migrations as committed', () => {
  const migrations = loadMigrations();

  it.each(migrations.map((m) => [m.name, m.checksum] as const))('%s has the text every database applied', (name, checksum) => {
    expect(recorded, `${name} is new: add its checksum to tests/fixtures/migration-checksums.json`).toHaveProperty([name]);
    expect(checksum, `${name} was edited after it was committed; write a new migration instead`).toBe(recorded[name]);
  });

  it('keeps every migration ever recorded', () => {
    expect(migrations.map((m) => m.name)).toEqual(expect.arrayContaining(Object.keys(recorded)));
  });
});
