/**
 * GET /dev/outbox (JSON, newest first, attachments inline as text, or
 * base64 where `encoding` says so),
 * /dev/outbox/html (a plain page with clickable links and attachment
 * downloads) and /dev/outbox/{id}/attachments/{n} (one attachment as a
 * file, e.g. a booking's .ics), mounted only while SMTP_URL is unset: the
 * way to read a reset link or a booking confirmation on a machine with no mail.
 */
import { Hono } from 'hono';
import type { Queryable } from '../platform/db/adapter';
import { readOutbox, readOutboxMessage } from '../platform/mail/outbox';
import type { OutboxMessage } from '../platform/mail/types';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes a text body and turns the URLs in it into links. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const at = match.index;
    html += escapeHtml(text.slice(last, at));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = at + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function messageHtml(message: OutboxMessage): string {
  const attachments = message.attachments.length
    ? `<p>Attachments: ${message.attachments
        .map(
          (a, i) =>
            `<a href="/dev/outbox/${escapeHtml(message.id)}/attachments/${i}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)})`,
        )
        .join(', ')}</p>`
    : '';
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p>To ${escapeHtml(message.to)}, ${escapeHtml(message.created_at)}</p>
<pre>${linkify(message.text)}</pre>
${attachments}
</article>`;
}

export function devOutboxRoutes(db: Queryable): Hono {
  const app = new Hono();

  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: await readOutbox(db) });
  });

  app.get('/html', async (c) => {
    const messages = await readOutbox(db);
    c.header('Cache-Control', 'no-store');
    const list = messages.length ? messages.map(messageHtml).join('\n<hr>\n') : '<p>The outbox is empty.</p>';
    return c.html(`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox</title></head>
<body>
<h1>Outbox (${messages.length})</h1>
<p>Emails the server would have sent; SMTP_URL is unset.</p>
${list}
</body>
</html>`);
  });

  app.get('/:id/attachments/:index', async (c) => {
    const message = await readOutboxMessage(db, c.req.param('id'));
    const index = Number(c.req.param('index'));
    const attachment = message && Number.isInteger(index) ? message.attachments[index] : undefined;
    if (!attachment) return c.json({ error: 'not_found', message: 'No such attachment' }, 404);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', attachment.contentType);
    // The filename is the server's own (e.g. chaps-screening-2026-06-20.ics); quotes are removed all the same.
    c.header('Content-Disposition', `attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '')}"`);
    // A picture (a ticket's QR code) is kept as base64: the file is its bytes.
    return c.body(attachment.encoding === 'base64' ? new Uint8Array(Buffer.from(attachment.content, 'base64')) : attachment.content);
  });

  return app;
}
