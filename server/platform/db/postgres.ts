/**
 * PostgreSQL through a node-postgres pool (production, CI). `schema` pins
 * every connection's search_path, which lets each test file work in a
 * throwaway schema of a shared database.
 */
import pg from 'pg';
import { TYPE_PARSERS, type Database, type Queryable, type Row } from './adapter';

export interface PostgresOptions {
  schema?: string;
  max?: number;
  onPoolError?: (error: Error) => void;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs a whole script.
      await client.query(sql);
    },
  };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * How every connection to `url` is made: the pool's, and the change
 * listener's (change-listener.ts), which must see the same schema.
 */
export function connectionConfig(url: string, schema?: string): pg.ClientConfig {
  return {
    connectionString: url,
    types,
    ...(schema ? { options: `-c search_path=${quoteIdentifier(schema)}` } : {}),
  };
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ ...connectionConfig(url, options.schema), max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  // Fail at start, not on the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();

  let closed = false;
  return {
    kind: 'postgres',
    ...(options.schema ? { schema: options.schema } : {}),
    ...queryable(pool),
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pool.query(text, values)).rows };
      // A script (pg-boss's own BEGIN ... COMMIT): on its own connection, rolled back if it fails half-way.
      const client = await pool.connect();
      let broken = false;
      try {
        const result: pg.QueryResult | pg.QueryResult[] = await client.query(text);
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: last?.rows ?? [] };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      const committed: Array<() => void> = [];
      try {
        await client.query('BEGIN');
        const result = await fn({ ...queryable(client), afterCommit: (hook) => void committed.push(hook) });
        await client.query('COMMIT');
        for (const hook of committed) hook();
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded, not reused.
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
