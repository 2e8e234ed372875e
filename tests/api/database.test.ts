/**
 * The database layer on each engine: migrations safe to run twice (and at
 * once), one set of JavaScript types whichever engine answers,
 * transactions that roll back, and demo data loaded only into an empty
 * table unless SEED_DEMO=false.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../src/domain/event';
import { loadMigrations, migrate } from '../../server/platform/db/migrate';
import { col, RowShapeError, rowOf, rowsOf } from '../../server/platform/db/rows';
import { silentLogger } from '../../server/platform/logger';
import { verifyAccessCode } from '../../server/modules/events/access-code';
import { prepareDatabase } from '../../server/startup';
import { getJson, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { insertEvent } from '../../server/modules/events/events-table';

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
