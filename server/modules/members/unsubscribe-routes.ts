/**
 * One-click unsubscribe (RFC 8058,
 * docs/decisions/0018-email-choices-and-unsubscribe.md), without signing in:
 * - GET  /unsubscribe?t=TOKEN: a page naming what stops, with one button.
 *   Opening a link changes nothing, since mail scanners open links too.
 * - POST /unsubscribe?t=TOKEN: turns that kind of email off. A mail
 *   program sends `List-Unsubscribe=One-Click` here (the List-Unsubscribe
 *   header's URL); the page's button sends the same form. No cookie or
 *   session is read, so it works signed out and from any mail program.
 * A bad or altered token answers 400 and changes nothing. Each answer is
 * a page of the site (its stylesheet and header, site-frame.ts) with no
 * script, so it works with JavaScript off.
 */
import { Hono, type Context } from 'hono';
import { EMAIL_CHOICE_TEXT, type EmailChoice } from '../../../src/domain/email-choices';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { escapeHtml } from '../../platform/mail';
import { setEmailChoices, type UnsubscribeLinks } from './email-choices-service';
import type { SiteFrame } from '../site';

/** A page of the site: its stylesheet and header around the words, and no script. */
const page = (frame: SiteFrame, title: string, body: string) => `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} – CHAPS</title>${frame.head}</head>
<body>
<a href="#main" class="skip-link">Skip to main content</a>
${frame.header}
<main id="main" tabindex="-1" class="container site-main">
<div class="page">
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/portal">Choose which emails you get in your portal</a></p>
<p><a href="/">CHAPS home page</a></p>
</div>
</main>
</body>
</html>`;

const ASK = (frame: SiteFrame, kind: EmailChoice, token: string) =>
  page(
    frame,
    'Unsubscribe',
    `<p>Stop emails of this kind: <strong>${escapeHtml(EMAIL_CHOICE_TEXT[kind].label)}</strong>.</p>
<form method="post" action="/unsubscribe?t=${escapeHtml(encodeURIComponent(token))}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit" class="button button-primary">Unsubscribe</button></p>
</form>`,
  );

const DONE = (frame: SiteFrame, kind: EmailChoice) => page(frame, 'You are unsubscribed', `<p role="status">${escapeHtml(EMAIL_CHOICE_TEXT[kind].stopped)}</p>`);
const BAD = (frame: SiteFrame) =>
  page(frame, 'This link does not work', '<p>This unsubscribe link is incomplete or was changed. Please use the link in the email as it is, or sign in and choose your emails in your portal.</p>');

const PROFILE_ID_ROW = { profile_id: col.int() };

/** `frame`: the site's stylesheet and header (site-frame.ts). */
export function unsubscribeRoutes(db: Database, links: UnsubscribeLinks, now: () => Date, frame: () => Promise<SiteFrame>) {
  const app = new Hono();
  const find = async (c: Context) => {
    const token = c.req.query('t') ?? '';
    const named = await links.check(token);
    if (!named) return null;
    const row = await rowOf(db, PROFILE_ID_ROW, 'SELECT profile_id FROM member_profiles WHERE public_id = $1::uuid', [named.publicId]);
    return row ? { token, kind: named.kind, profileId: row.profile_id } : null;
  };
  const html = (c: Context, body: string, status: 200 | 400 = 200) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(body, status);
  };

  app.get('/', async (c) => {
    const found = await find(c);
    return found ? html(c, ASK(await frame(), found.kind, found.token)) : html(c, BAD(await frame()), 400);
  });

  app.post('/', async (c) => {
    const found = await find(c);
    if (!found) return html(c, BAD(await frame()), 400);
    await setEmailChoices(db, found.profileId, { [found.kind]: false }, now());
    return html(c, DONE(await frame(), found.kind));
  });
  return app;
}
