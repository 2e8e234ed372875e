/**
 * Rows typed where they are read: a statement's rows are parsed by a schema
 * of its columns, so a service receives the types the schema proved (a
 * count as a number, an instant as a Date, a nullable column as `| null`)
 * and never converts by hand. The column types the engines hand back are
 * fixed by TYPE_PARSERS in adapter.ts; `col` names them. A row that does
 * not match is a defect in the statement or the schema, not bad input, and
 * fails loudly with the statement's first line and the column at fault.
 */
import * as z from 'zod/mini';
import type { Queryable } from './adapter';

/** Column kinds as both engines return them (adapter.ts, TYPE_PARSERS). */
export const col = {
  /** text, varchar, uuid, and date / time / timestamp without zone (kept as text). */
  text: () => z.string(),
  /** int2, int4, int8 (int8 within JavaScript's safe integers). */
  int: () => z.number().check(z.int()),
  /** real, double precision. */
  float: () => z.number(),
  /** text a CHECK holds to a fixed list of values: the row proves it is one of them. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values),
  /** numeric: an exact decimal string, never a float. */
  decimal: () => z.string(),
  bool: () => z.boolean(),
  /** timestamptz. */
  instant: () => z.date(),
  /** json / jsonb: whatever the document holds; narrow it where it is used. */
  json: () => z.unknown(),
  /** A column that may be NULL. */
  nullable: <T extends z.core.$ZodType>(inner: T) => z.nullable(inner),
  /** text[]. */
  texts: () => z.array(z.string()),
} as const;

/** A row schema: column name to column kind. */
export type RowShape = Record<string, z.core.$ZodType>;
export type RowOf<S extends RowShape> = z.infer<z.ZodMiniObject<S>>;

const compiled = new WeakMap<RowShape, z.ZodMiniObject<RowShape>>();

function schemaOf<S extends RowShape>(shape: S): z.ZodMiniObject<S> {
  let schema = compiled.get(shape);
  if (!schema) {
    schema = z.object(shape);
    compiled.set(shape, schema);
  }
  return schema as unknown as z.ZodMiniObject<S>;
}

/** The error a statement whose rows do not fit its schema throws. */
export class RowShapeError extends Error {
  constructor(sql: string, issues: readonly z.core.$ZodIssue[]) {
    const first = sql.trim().split('\n')[0]!.slice(0, 120);
    const where = issues.map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`).join('; ');
    super(`A row of "${first}" does not match its schema: ${where}`);
    this.name = 'RowShapeError';
  }
}

/** Runs one statement and returns its rows parsed by `shape`. */
export async function rowsOf<S extends RowShape>(
  q: Queryable,
  shape: S,
  sql: string,
  params: readonly unknown[] = [],
): Promise<RowOf<S>[]> {
  const rows = await q.query(sql, params);
  const schema = schemaOf(shape);
  return rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new RowShapeError(sql, parsed.error.issues);
    return parsed.data as RowOf<S>;
  });
}

/** Runs one statement and returns its first row parsed by `shape`, or undefined when it returned none. */
export async function rowOf<S extends RowShape>(
  q: Queryable,
  shape: S,
  sql: string,
  params: readonly unknown[] = [],
): Promise<RowOf<S> | undefined> {
  return (await rowsOf(q, shape, sql, params))[0];
}
