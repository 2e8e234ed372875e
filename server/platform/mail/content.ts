/**
 * An email's words as structure, written out as the plain text part
 * (mailText) and as the HTML part (mailHtml), so both parts of one message
 * always say the same thing.
 *
 * The HTML part is for a phone and a screen reader: one column no wider
 * than 600 px that shrinks to the screen, 16 px text, a real heading
 * order (h1 for what happened, h2 per section), the details as a table
 * whose row headers a screen reader reads with each value, links that say
 * where they go, and the language set. The one kind of image is a picture
 * the email carries itself (a ticket's QR code, by its cid), with words
 * that say what it is; what it shows is also given in words beside it.
 * Every piece of text is escaped, and only http(s) links are written.
 */

export interface MailDetail {
  label: string;
  value: string;
  /** When set, the value is a link; linkText is what the HTML part shows for it (the text part shows the address). */
  href?: string;
  linkText?: string;
}

export interface MailSection {
  heading: string;
  paragraphs: string[];
  /** The text part's paragraphs when they differ (its heading is not printed). */
  textParagraphs?: string[];
  link?: { text: string; href: string };
  /** A picture attached to the email (MailAttachment.cid), shown in the HTML part after the paragraphs. */
  image?: { cid: string; alt: string; width: number; height: number };
  /** Words to be read out, shown large after the image (a ticket's code): `label` then `text`; one line in the text part. */
  callout?: { label: string; text: string };
}

export interface MailContent {
  subject: string;
  /** The HTML part's h1: what happened, in a few words. */
  heading: string;
  greeting: string;
  intro: string[];
  details: MailDetail[];
  sections: MailSection[];
  closing: string[];
}

const SIGN_OFF = 'CHAPS';

export function mailText(content: MailContent): string {
  const blocks: string[][] = [
    [content.greeting],
    content.intro,
    content.details.map((d) => `${d.label}: ${d.value}`),
    ...content.sections.map((s) => [
      ...(s.textParagraphs ?? s.paragraphs),
      ...(s.callout ? [`${s.callout.label} ${s.callout.text}`] : []),
      ...(s.link ? [`${s.link.text}: ${s.link.href}`] : []),
    ]),
    content.closing,
    [SIGN_OFF],
  ];
  return blocks
    .filter((b) => b.length > 0)
    .map((b) => b.join('\n'))
    .join('\n\n');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A link's address, escaped for an attribute; anything but http(s) is refused (the callers only build those). */
function safeHref(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Refusing a ${url.protocol} link in an email`);
  return escapeHtml(url.href);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const P = `margin:0 0 16px;font-size:16px;line-height:1.5;color:#1a1a1a;${FONT}`;
const H2 = `margin:24px 0 8px;font-size:19px;line-height:1.3;color:#1a1a1a;${FONT}`;
const LINK = 'color:#0b5cad;text-decoration:underline;';

const link = (text: string, href: string) => `<a href="${safeHref(href)}" style="${LINK}">${escapeHtml(text)}</a>`;
const paragraph = (text: string) => `<p style="${P}">${escapeHtml(text)}</p>`;

function detailsTable(details: MailDetail[]): string {
  if (details.length === 0) return '';
  const rows = details
    .map((d) => {
      const value = d.href ? link(d.linkText ?? d.value, d.href) : escapeHtml(d.value);
      return (
        `<tr><th scope="row" style="padding:8px 12px 8px 0;text-align:left;vertical-align:top;font-weight:bold;white-space:nowrap;${FONT}font-size:16px;">${escapeHtml(d.label)}</th>` +
        `<td style="padding:8px 0;vertical-align:top;${FONT}font-size:16px;word-break:break-word;">${value}</td></tr>`
      );
    })
    .join('');
  return (
    `<table style="width:100%;border-collapse:collapse;margin:0 0 8px;border-top:1px solid #d0d0d0;border-bottom:1px solid #d0d0d0;">` +
    `<caption style="text-align:left;${FONT}font-size:19px;font-weight:bold;padding:0 0 8px;">Your appointment</caption>` +
    `<tbody>${rows}</tbody></table>`
  );
}

/** Only a cid of the characters the server gives one (RFC 2392's addr-spec, kept simple). */
const safeCid = (cid: string) => {
  if (!/^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+$/.test(cid)) throw new Error(`Refusing the picture reference ${cid}`);
  return cid;
};

// Black on white with its own white border, whatever the mail app's dark mode does around it.
const image = (i: NonNullable<MailSection['image']>) =>
  `<p style="margin:0 0 16px;"><img src="cid:${safeCid(i.cid)}" alt="${escapeHtml(i.alt)}" width="${Math.round(i.width)}" height="${Math.round(i.height)}" style="display:block;width:${Math.round(i.width)}px;max-width:100%;height:auto;background:#ffffff;border:0;"></p>`;

const callout = (c: NonNullable<MailSection['callout']>) =>
  `<p style="${P}">${escapeHtml(c.label)}</p>` +
  `<p style="margin:0 0 16px;font-size:32px;line-height:1.2;font-weight:bold;letter-spacing:2px;color:#000000;font-family:'Courier New',Courier,monospace;">${escapeHtml(c.text)}</p>`;

function section(s: MailSection): string {
  return [
    `<h2 style="${H2}">${escapeHtml(s.heading)}</h2>`,
    ...s.paragraphs.map(paragraph),
    ...(s.image ? [image(s.image)] : []),
    ...(s.callout ? [callout(s.callout)] : []),
    ...(s.link ? [`<p style="${P}">${link(s.link.text, s.link.href)}</p>`] : []),
  ].join('');
}

export function mailHtml(content: MailContent): string {
  const title = escapeHtml(content.subject);
  return [
    '<!DOCTYPE html>',
    '<html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f3f3;">',
    `<div role="article" aria-label="${title}" lang="en-GB" style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;">`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#1a1a1a;${FONT}">${escapeHtml(content.heading)}</h1>`,
    paragraph(content.greeting),
    ...content.intro.map(paragraph),
    detailsTable(content.details),
    ...content.sections.map(section),
    ...content.closing.map(paragraph),
    paragraph(SIGN_OFF),
    '</div></body></html>',
  ].join('\n');
}
