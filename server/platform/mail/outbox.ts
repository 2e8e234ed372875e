/**
 * The outbox: the local stand-in for SMTP (ADR 0003). Messages are stored
 * in the database, so tests and a developer can read what would have gone
 * out, from any server process.
 */
import type { Queryable } from '../db/adapter';
import type { MailMessage, OutboxMessage } from './types';

/** Stores one message; the same `messageId` again (a retried job) is kept once. */
export async function storeInOutbox(db: Queryable, message: MailMessage, messageId: string | null = null): Promise<void> {
  await db.query(
    `INSERT INTO outbox (to_address, subject, text_body, html_body, attachments, message_id, headers)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb) ON CONFLICT (message_id) DO NOTHING`,
    [message.to, message.subject, message.text, message.html ?? null, JSON.stringify(message.attachments ?? []), messageId, JSON.stringify(message.headers ?? {})],
  );
}

interface OutboxRow {
  [column: string]: unknown;
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: OutboxMessage['attachments'] | string;
  created_at: Date;
  message_id: string | null;
  headers: Record<string, string> | string | null;
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
    created_at: row.created_at.toISOString(),
    message_id: row.message_id,
    headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : (row.headers ?? {}),
});

const COLUMNS = 'id, to_address, subject, text_body, html_body, attachments, created_at, message_id, headers';

/** Newest first. */
export async function readOutbox(db: Queryable, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db.query<OutboxRow>(`SELECT ${COLUMNS} FROM outbox ORDER BY created_at DESC, seq DESC LIMIT $1`, [limit]);
  return rows.map(toMessage);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readOutboxMessage(db: Queryable, id: string): Promise<OutboxMessage | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.query<OutboxRow>(`SELECT ${COLUMNS} FROM outbox WHERE id = $1::uuid`, [id]);
  return row ? toMessage(row) : null;
}
