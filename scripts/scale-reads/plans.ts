/**
 * The statements behind a read, and their plans: a database handle that
 * notes every statement run through it (in transactions too), and
 * EXPLAIN (ANALYZE, BUFFERS) of each, in a transaction rolled back so a
 * write the read makes (an audit row, a look at a record) is not made
 * twice. A plan that reads a growing table whole (a sequential scan) or
 * sorts many rows is marked, as the issue asks of every staff and member
 * read (docs/decisions/0033-staff-and-member-reads-at-scale.md).
 */
import type { Database, Queryable, Row } from '../../server/platform/db/adapter.ts';

export interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** The tables that grow with members, bookings, results and jobs. */
const GROWING =
  /(appointments|member_results|member_appointments|consents|check_ins|samples|payment_orders|payment_transactions|record_access|result_holds|waiting_list|auth_sessions|auth_users|member_profiles|member_email_choices|staff_audit|\bjob\b|\bj[0-9a-f]{8,})/;

export interface Capture {
  db: Database;
  /** Notes statements until the next take(). */
  start(): void;
  take(): Statement[];
}

export function capturing(inner: Database): Capture {
  let noted: Statement[] | null = null;
  const note = (sql: string, params: readonly unknown[] = []) => noted?.push({ sql, params });
  const wrap = (q: Queryable): Queryable => ({
    query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
      note(sql, params);
      return q.query<T>(sql, params);
    },
    exec: (sql) => q.exec(sql),
    ...(q.afterCommit ? { afterCommit: (fn: () => void) => q.afterCommit!(fn) } : {}),
  });
  const db: Database = {
    kind: inner.kind,
    ...wrap(inner),
    executeSql: (text, values) => {
      if (values?.length) note(text, values);
      return inner.executeSql(text, values);
    },
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    close: () => inner.close(),
  };
  return {
    db,
    start: () => {
      noted = [];
    },
    take: () => {
      const taken = noted ?? [];
      noted = null;
      return taken;
    },
  };
}

class RolledBack extends Error {}

/** The statement's plan as run (in a transaction rolled back), and the lines of it worth a look. */
export async function explain(db: Database, { sql, params }: Statement): Promise<{ plan: string[]; marked: string[] }> {
  let plan: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      plan = rows.map((row) => row['QUERY PLAN']);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) plan = [`(not explained: ${error instanceof Error ? error.message : String(error)})`];
  }
  const marked = plan.filter((line) => {
    const seq = /Seq Scan on (\S+)/.exec(line);
    if (seq && GROWING.test(seq[1]!)) return true;
    const sort = /Sort {2}\(cost=[^)]*rows=(\d+)/.exec(line);
    return sort ? Number(sort[1]) > 1000 : false;
  });
  return { plan, marked };
}
