/**
 * The one database interface the server uses, whatever is underneath:
 * PGlite in DATA_DIR (embedded default) or PostgreSQL at DATABASE_URL.
 * Both implementations return the same JavaScript types for the same SQL
 * types (see TYPE_PARSERS), so services never branch on the engine.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $1, $2 ... parameters; resolves to its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Inside a transaction: runs `fn` once the transaction has committed (never
   * on rollback). Outside one (or where absent) there is nothing to wait for.
   */
  afterCommit?(fn: () => void): void;
}

/**
 * The form a library that brings its own SQL (pg-boss) speaks: one
 * statement with parameters, or, without them, a script of several
 * statements (the result is the last statement's rows).
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface Database extends Queryable, SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** The schema a PostgreSQL handle is pinned to (tests); undefined for the default. */
  readonly schema?: string;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back
   * when it throws. Use only `tx` inside: on PGlite the outer handle waits
   * for the transaction to finish, so calling it from inside would hang.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL type ids whose text form both drivers must read the same way. */
export const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIME: 1083, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is beyond JavaScript's safe integers`);
  return value;
}

const asText = (text: string) => text;

/**
 * int8 (counts, sums) becomes a number on both engines (node-postgres would
 * give a string, PGlite a number); numeric stays an exact string; dates and
 * times without a zone stay as their text so no machine zone can shift them.
 */
export const TYPE_PARSERS: Readonly<Record<number, (text: string) => unknown>> = {
  [PG_TYPE.INT8]: parseInt8,
  [PG_TYPE.NUMERIC]: asText,
  [PG_TYPE.DATE]: asText,
  [PG_TYPE.TIME]: asText,
  [PG_TYPE.TIMESTAMP]: asText,
  [PG_TYPE.TIMESTAMPTZ]: (text) => new Date(text),
};
