/**
 * The readable copy of "Download my data": one HTML page, a heading and a
 * table per section, every value escaped. It carries no script or outside
 * resource, so it opens the same from a phone's downloads folder offline.
 */
import type { MemberExport } from './member-export-service';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const TITLES: Record<Exclude<keyof MemberExport, 'exported_at' | 'about'>, string> = {
  account: 'Your sign-in account',
  sign_in_sessions: 'Sign-in sessions',
  profile: 'Your profile',
  email_choices: 'Email choices',
  consents: 'Consent forms',
  bookings: 'Bookings',
  payments: 'Card payments',
  card_transactions: 'Card transactions',
  check_ins: 'Arrivals at screenings',
  screening_history: 'Screening history',
  results: 'PSA results',
  waiting_lists: 'Waiting lists you joined',
  newsletter_subscription: 'Newsletter subscription',
  contact_enquiries: 'Messages you sent us',
};

const label = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function value(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return escape(JSON.stringify(v));
  return escape(String(v));
}

function section(title: string, data: Record<string, unknown> | Record<string, unknown>[] | null): string {
  const list = data === null ? [] : Array.isArray(data) ? data : [data];
  if (list.length === 0) return `<h2>${escape(title)}</h2><p>Nothing held.</p>`;
  const tables = list.map(
    (row) =>
      `<table><tbody>${Object.entries(row)
        .map(([key, v]) => `<tr><th scope="row">${escape(label(key))}</th><td>${value(v)}</td></tr>`)
        .join('')}</tbody></table>`,
  );
  return `<h2>${escape(title)}</h2>${tables.join('')}`;
}

export function memberExportHtml(data: MemberExport): string {
  const sections = (Object.keys(TITLES) as (keyof typeof TITLES)[]).map((key) => section(TITLES[key], data[key]));
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data held by CHAPS</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:0 0 1rem}th,td{border:1px solid #767676;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{width:35%;background:#f2f2f2}</style></head>
<body><h1>Your data held by CHAPS</h1><p>Exported ${escape(data.exported_at)}.</p><p>${escape(data.about)}</p>
${sections.join('\n')}
</body></html>`;
}
