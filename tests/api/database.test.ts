/**
 * The database layer on each engine: migrations safe to run twice (and at
 * once), checksummed by their SQL without comments (databases that stored
 * the old whole-file checksums start and are upgraded, a changed SQL is
 * refused), one set of JavaScript types whichever engine answers,
 * transactions that roll back, and demo data loaded only into an empty
 * table unless SEED_DEMO=false.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../src/domain/event';
import type { Database } from '../../server/platform/db/adapter';
import {
  loadMigrationHistory,
  loadMigrations,
  migrate,
  type Migration,
  migrationFrom,
  MIGRATIONS_DIR,
  sha256,
} from '../../server/platform/db/migrate';
import { col, RowShapeError, rowOf, rowsOf } from '../../server/platform/db/rows';
import { silentLogger } from '../../server/platform/logger';
import { verifyAccessCode } from '../../server/modules/events/access-code';
import { prepareDatabase } from '../../server/startup';
import { getJson, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { insertEvent } from '../../server/modules/events/events-table';

/** A migration file's text as written, comments and all. */
function fileText(name: string): string {
  return readFileSync(`${MIGRATIONS_DIR}/${name}.sql`, 'utf8');
}

/** What the migrations built in the current schema: tables' columns, constraints, indexes, triggers and functions. */
async function schemaOf(db: Database): Promise<string[]> {
  const [{ schema } = { schema: '' }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const rows = await db.query<{ line: string }>(`
    SELECT format('column %s.%s %s %s default %s', table_name, column_name, data_type, is_nullable, column_default) AS line
      FROM information_schema.columns WHERE table_schema = current_schema()
    UNION ALL
    SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL
    SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL
    SELECT format('trigger %s', pg_get_triggerdef(t.oid))
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT format('function %s %s', proname, prosrc) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace`);
  return rows.map((r) => r.line.replaceAll(`${schema}.`, '')).sort();
}

describe.each(ENGINES)('database on %s', (engine) => {
  describe('migrations', () => {
    let test: TestDatabase | undefined;
    afterEach(async () => {
      await test?.dispose();
      test = undefined;
    });

    it('apply exactly once when several start together, then do nothing on a later run', async () => {
      test = await createTestDatabase(engine, { migrated: false });
      const db = test.db;
      const names = loadMigrations().map((m) => m.name);
      const runs = await Promise.all([migrate(db), migrate(db), migrate(db)]);
      expect(runs.flat()).toEqual(names);
      expect(await migrate(db)).toEqual([]);
      const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(names);
    });

    it('runs each migration without its comments, and that builds the same schema as the files as written', async () => {
      test = await createTestDatabase(engine, { migrated: false });
      const asWritten = await createTestDatabase(engine, { migrated: false });
      try {
        const written = loadMigrations().map((m) => ({ ...m, sql: fileText(m.name) }));
        expect(written.some((m, i) => m.sql !== loadMigrations()[i]?.sql)).toBe(true);
        await migrate(test.db);
        await migrate(asWritten.db, written);
        const schema = await schemaOf(test.db);
        expect(schema.length).toBeGreaterThan(100);
        expect(schema).toEqual(await schemaOf(asWritten.db));
      } finally {
        await asWritten.dispose();
      }
    });

    describe('a database that applied them when whole files were checksummed', () => {
      const history = loadMigrationHistory();
      // The migrations written before the rule have their whole text's checksum; later ones only their SQL's.
      const old = Object.entries(history).filter((entry): entry is [string, { text: string; sql: string }] => typeof entry[1].text === 'string');

      /** Migrated, then the old migrations' stored checksums set back to those of their whole text before comments could change. */
      async function migratedWithOldChecksums(): Promise<Database> {
        test = await createTestDatabase(engine, { migrated: false });
        await migrate(test.db);
        for (const [name, record] of old) {
          await test.db.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [record.text, name]);
        }
        return test.db;
      }

      const storedChecksums = async (db: Database) =>
        Object.fromEntries(
          (await db.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).map((r) => [r.name, r.checksum]),
        );

      it('starts with the files as they are now and stores the new checksums', async () => {
        const db = await migratedWithOldChecksums();
        const migrations = loadMigrations();
        expect(old.length).toBeGreaterThan(0);
        expect(await storedChecksums(db)).toEqual(Object.fromEntries(migrations.map((m) => [m.name, history[m.name]?.text ?? m.checksum])));

        expect(await migrate(db)).toEqual([]);
        expect(await storedChecksums(db)).toEqual(Object.fromEntries(migrations.map((m) => [m.name, m.checksum])));
        expect(await migrate(db)).toEqual([]);
      });

      it('accepts a comment written since', async () => {
        const db = await migratedWithOldChecksums();
        const commented = loadMigrations().map((m) =>
          m.name === '300-appointments' ? migrationFrom(m.name, `-- A comment added later.\n${fileText(m.name).replace(/;\n/g, '; /* here too */\n')}`) : m,
        );
        expect(await migrate(db, commented)).toEqual([]);
      });

      it('upgrades in the transaction that migrates: a failing new migration leaves the old checksums', async () => {
        const db = await migratedWithOldChecksums();
        const before = await storedChecksums(db);
        const broken = [...loadMigrations(), migrationFrom('999-broken', 'ALTER TABLE no_such_table ADD COLUMN x int;')];
        await expect(migrate(db, broken)).rejects.toThrow(/no_such_table/);
        expect(await storedChecksums(db)).toEqual(before);
      });

      it('refuses a stored checksum that is neither the old nor the new one', async () => {
        const db = await migratedWithOldChecksums();
        await db.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [sha256('some other text'), '300-appointments']);
        await expect(migrate(db)).rejects.toThrow('Migration 300-appointments was changed after it was applied; add a new migration instead.');
        // Nor does a migration's old checksum stand for another's.
        await db.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [history['101-auth']?.text, '300-appointments']);
        await expect(migrate(db)).rejects.toThrow('Migration 300-appointments was changed after it was applied');
      });

      it('refuses a file whose SQL changed, whichever checksum is stored', async () => {
        const db = await migratedWithOldChecksums();
        const changed: Migration[] = loadMigrations().map((m) =>
          m.name === '300-appointments' ? migrationFrom(m.name, fileText(m.name).replace('price >= 0', 'price >= 1')) : m,
        );
        expect(changed.find((m) => m.name === '300-appointments')?.checksum).not.toBe(history['300-appointments']?.sql);
        await expect(migrate(db, changed)).rejects.toThrow('Migration 300-appointments was changed after it was applied');
        // Only whitespace inside a string: still other SQL.
        const spaced = loadMigrations().map((m) =>
          m.name === '102-member-profiles' ? migrationFrom(m.name, fileText(m.name).replace("'^[0-9]{10}$'", "' ^[0-9]{10}$'")) : m,
        );
        await expect(migrate(db, spaced)).rejects.toThrow('Migration 102-member-profiles was changed after it was applied');
        // Once upgraded, the same.
        expect(await migrate(db)).toEqual([]);
        await expect(migrate(db, changed)).rejects.toThrow('Migration 300-appointments was changed after it was applied');
      });
    });
  });

  describe('adapter', () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('returns the same JavaScript types on every engine', async () => {
      const [row] = await test.db.query(
        `SELECT count(*) AS how_many, 12.50::numeric AS amount, '2026-03-29'::date AS day,
                '10:30'::time AS at, '2026-03-29T01:30:00Z'::timestamptz AS instant,
                42::int4 AS small, 1.5::float8 AS ratio, true AS yes, gen_random_uuid() AS id`,
      );
      expect(row).toMatchObject({ how_many: 1, amount: '12.50', day: '2026-03-29', at: '10:30:00', small: 42, ratio: 1.5, yes: true });
      expect(row?.instant).toEqual(new Date('2026-03-29T01:30:00Z'));
      expect(typeof row?.id).toBe('string');
    });

    it('parses rows by their column schema: each column kind fits what the engine returns', async () => {
      const shape = {
        how_many: col.int(), amount: col.decimal(), day: col.text(), at: col.text(), instant: col.instant(),
        yes: col.bool(), id: col.text(), none: col.nullable(col.text()), doc: col.json(), names: col.texts(),
      };
      const row = await rowOf(
        test.db,
        shape,
        `SELECT count(*) AS how_many, 12.50::numeric AS amount, '2026-03-29'::date AS day, '10:30'::time AS at,
                '2026-03-29T01:30:00Z'::timestamptz AS instant, true AS yes, gen_random_uuid() AS id,
                NULL::text AS none, '{"a":1}'::jsonb AS doc, ARRAY['x','y']::text[] AS names`,
      );
      expect(row).toMatchObject({ how_many: 1, amount: '12.50', day: '2026-03-29', at: '10:30:00', yes: true, none: null, doc: { a: 1 }, names: ['x', 'y'] });
      expect(row?.instant).toEqual(new Date('2026-03-29T01:30:00Z'));
      expect(await rowsOf(test.db, shape, 'SELECT 1 AS how_many WHERE false')).toEqual([]);
    });

    it('refuses a row that does not fit its schema, naming the statement and the column', async () => {
      // numeric is an exact string on both engines, never a number; a schema that says otherwise is caught at once
      const wrong = rowOf(test.db, { amount: col.int() }, 'SELECT 12.50::numeric AS amount');
      await expect(wrong).rejects.toThrow(RowShapeError);
      await expect(wrong).rejects.toThrow(/SELECT 12\.50::numeric AS amount.*amount:/);
      await expect(rowOf(test.db, { n: col.int() }, 'SELECT NULL::int4 AS n')).rejects.toThrow(/n:/);
      // A float is not an int; a CHECKed text outside its list is refused, not cast.
      await expect(rowOf(test.db, { n: col.int() }, 'SELECT 1.5::float8 AS n')).rejects.toThrow(RowShapeError);
      expect(await rowOf(test.db, { n: col.float() }, 'SELECT 1.5::float8 AS n')).toEqual({ n: 1.5 });
      expect(await rowOf(test.db, { s: col.oneOf(['held', 'confirmed']) }, "SELECT 'held' AS s")).toEqual({ s: 'held' });
      await expect(rowOf(test.db, { s: col.oneOf(['held', 'confirmed']) }, "SELECT 'lost' AS s")).rejects.toThrow(/s:/);
    });

    it('refuses a migration edited after it was applied', async () => {
      const edited = loadMigrations().map((m) => ({ ...m, checksum: `${m.checksum}-edited` }));
      await expect(migrate(test.db, edited)).rejects.toThrow(/was changed after it was applied/);
    });

    it('refuses an int8 beyond JavaScript safe integers rather than rounding it', async () => {
      await expect(test.db.query('SELECT 9007199254740993::int8 AS big')).rejects.toThrow(RangeError);
    });

    it('rolls a transaction back when it throws, and commits when it returns', async () => {
      const event = makeEvent();
      await expect(
        test.db.transaction(async (tx) => {
          await insertEvent(tx, event);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await test.db.query('SELECT 1 FROM events WHERE event_id = $1', [event.event_id])).toEqual([]);
      await test.db.transaction((tx) => insertEvent(tx, event));
      expect(await test.db.query('SELECT 1 FROM events WHERE event_id = $1', [event.event_id])).toHaveLength(1);
    });

    it('loads no demo data into a table that already holds events', async () => {
      const prepared = await prepareDatabase(test.db, { seedDemo: true }, silentLogger);
      expect(prepared.seed?.inserted).toBe(0);
    });

    it('holds the schema rules: categories, private codes, times in order', async () => {
      await expect(insertEvent(test.db, makeEvent({ category: 'other' as 'community' }))).rejects.toThrow();
      await expect(insertEvent(test.db, makeEvent({ is_private: true, access_code_hash: null }))).rejects.toThrow();
      await expect(insertEvent(test.db, makeEvent({ start_time: '12:00', end_time: '11:00' }))).rejects.toThrow();
      const [row] = await test.db.query<{ places: number }>(
        `INSERT INTO events (event_name, category, product_id, product_name, product_price, event_date, start_time,
           end_time, session_duration, total_spaces, address_line_1, city, postcode)
         VALUES ('Defaults', 'community', 'p', 'PSA', 0, '2026-06-01', '10:00', '11:00', 10, 5, 'Hall', 'York', 'YO1 7DY')
         RETURNING places_per_slot AS places`,
      );
      expect(row?.places).toBe(1);
    });
  });

  describe('demo data', () => {
    let test: TestDatabase | undefined;
    afterEach(async () => {
      await test?.dispose();
      test = undefined;
    });

    it('waits for SEED_DEMO, loads into an empty table once, with a private code only its hash remembers', async () => {
      test = await createTestDatabase(engine, { migrated: false });
      const now = new Date('2026-06-10T09:00:00Z');
      const disabled = await prepareDatabase(test.db, { seedDemo: false }, silentLogger, now);
      expect(disabled).toEqual({ migrationsApplied: loadMigrations().map((m) => m.name), seed: null });
      expect(await test.db.query('SELECT 1 FROM events')).toEqual([]);

      const first = await prepareDatabase(test.db, { seedDemo: true }, silentLogger, now);
      expect(first.seed?.inserted).toBeGreaterThanOrEqual(12);
      const code = first.seed?.privateAccess?.accessCode ?? '';
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      // Places are counted from appointments: the seed books real ones, so the fully booked demo event is full.
      const fullId = first.seed?.idsByRole['fully-booked']?.[0] ?? '';
      const full = await getJson<{ event: { total_spaces: number; booked_spaces: number; event_date: string } }>(testApp({ db: test.db, now }), `/api/events/${fullId}`);
      expect(full.body.event.booked_spaces).toBe(full.body.event.total_spaces);
      // Its slots are refused as full rather than listed empty (docs/rules.md#slots).
      const slots = await getJson<{ error: string }>(testApp({ db: test.db, now }), `/api/events/${fullId}/slots`);
      expect([slots.status, slots.body.error]).toEqual([409, 'fully_booked']);

      const second = await prepareDatabase(test.db, { seedDemo: true }, silentLogger, now);
      expect(second).toEqual({ migrationsApplied: [], seed: { inserted: 0, idsByRole: {} } });
      const [{ count } = { count: 0 }] = await test.db.query<{ count: number }>('SELECT count(*) AS count FROM events');
      expect(count).toBe(first.seed?.inserted);

      const [stored] = await test.db.query<{ access_code_hash: string }>(
        'SELECT access_code_hash FROM events WHERE is_private',
      );
      expect(stored?.access_code_hash).not.toContain(code);
      expect(await verifyAccessCode(code, stored?.access_code_hash ?? '')).toBe(true);
      expect(await verifyAccessCode(code.toLowerCase().replace('-', ' '), stored?.access_code_hash ?? '')).toBe(true);
      expect(await verifyAccessCode('AAAA-AAAA', stored?.access_code_hash ?? '')).toBe(false);

      const app = testApp({ db: test.db, now });
      const list = await getJson<{ events: ScreeningEvent[] }>(app, '/api/events?date=future-events');
      expect(list.body.events.length).toBeGreaterThanOrEqual(10);
      expect(JSON.stringify(list.body)).not.toContain('access_code_hash');
      const detail = await getJson(app, `/api/events/${first.seed?.privateAccess?.eventId}`);
      expect(detail.status).toBe(200);
      expect(JSON.stringify(detail.body)).not.toMatch(/scrypt|access_code/);
    });
  });
});
