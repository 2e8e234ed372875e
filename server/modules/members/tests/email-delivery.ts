/**
 * What the email-reasons tests read back: each message the test SMTP
 * server accepted, job rows still holding a text, and waiting on a
 * condition. Shared by email-reasons.test.ts and
 * email-reasons-other-process.test.ts, which are apart because the second
 * runs a worker in another process on PostgreSQL only.
 */
import type { Database } from '../../../platform/db/adapter';
import { jobsFor } from '../../../../tests/fixtures/app';
import type { TestSmtp } from '../../../../tests/fixtures/smtp';

export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Each accepted message's To and Subject. */
export const delivered = (smtp: TestSmtp) =>
  smtp.messages.map((lines) => ({
    to: lines.find((l) => l.startsWith('To: '))?.slice(4) ?? '',
    subject: lines.find((l) => l.startsWith('Subject: '))?.slice(9) ?? '',
  }));

/** Email job rows (live and archived) whose data holds `text` anywhere. */
export async function jobRowsHolding(db: Database, text: string): Promise<number> {
  const schema = jobsFor(db).schema;
  const rows = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM ${schema}.job WHERE strpos(lower(data::text), lower($1)) > 0)::integer
          + (SELECT count(*) FROM ${schema}.archive WHERE strpos(lower(data::text), lower($1)) > 0)::integer AS n`,
    [text],
  );
  return rows[0]!.n;
}
