/**
 * The readable copy of "Download my data": one HTML page a man can read,
 * a heading per section and a table per record, every field named in
 * words and every value in words (member-export-words.ts), escaped. It
 * holds every value of the JSON copy. It carries no script or outside
 * resource, so it opens the same from a phone's downloads folder offline.
 */
import { formatSavedAt } from '../../../src/domain/format';
import type { MemberExport } from '../../../src/domain/member-export';
import { choiceWords, fieldOrder, labelOf, valueWords, type Words } from './member-export-words';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

type Section = Exclude<keyof MemberExport, 'exported_at' | 'about'>;

/** Each section's heading, and what one of its records is called when it has several. */
const SECTIONS: Record<Section, { title: string; one: string }> = {
  account: { title: 'Your sign-in account', one: 'Account' },
  sign_in_sessions: { title: 'Times you signed in', one: 'Sign-in' },
  profile: { title: 'Your profile', one: 'Profile' },
  email_choices: { title: 'Emails you chose to get', one: 'Choices' },
  consents: { title: 'Consent forms', one: 'Consent form' },
  bookings: { title: 'Bookings', one: 'Booking' },
  payments: { title: 'Card payments', one: 'Payment' },
  card_transactions: { title: 'Card transactions', one: 'Transaction' },
  check_ins: { title: 'Arrivals at screenings', one: 'Arrival' },
  screening_history: { title: 'Screening history', one: 'Screening' },
  results: { title: 'PSA results', one: 'Result' },
  waiting_lists: { title: 'Waiting lists you joined', one: 'Waiting list' },
  newsletter_subscription: { title: 'Newsletter subscription', one: 'Subscription' },
  contact_enquiries: { title: 'Messages you sent us', one: 'Message' },
  record_access: { title: 'Who has looked at your record', one: 'Look' },
};

function cell(words: Words): string {
  if (typeof words === 'string') return escape(words);
  return `<dl>${words.map((w) => `<dt>${escape(w.label)}</dt><dd>${escape(w.value)}</dd>`).join('')}</dl>`;
}

const row = (label: string, words: Words) => `<tr><th scope="row">${escape(label)}</th><td>${cell(words)}</td></tr>`;

function record(section: Section, data: Record<string, unknown>): string {
  if (section === 'email_choices') return choiceWords(data).map((c) => row(c.label, c.value)).join('');
  // In the order a man reads them (the stored order is the database's), and only what is held.
  return Object.entries(data)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
    .map(([key, value]) => row(labelOf(key), valueWords(key, value)))
    .join('');
}

function section(key: Section, data: Record<string, unknown> | Record<string, unknown>[] | null): string {
  const { title, one } = SECTIONS[key];
  const list = data === null ? [] : Array.isArray(data) ? data : [data];
  const heading = `<h2>${escape(title)}</h2>`;
  if (list.length === 0) return `${heading}<p>Nothing held.</p>`;
  const tables = list.map((item, i) => {
    const caption = list.length > 1 ? `<caption>${escape(`${one} ${i + 1} of ${list.length}`)}</caption>` : '';
    return `<table>${caption}<tbody>${record(key, item)}</tbody></table>`;
  });
  return heading + tables.join('');
}

export function memberExportHtml(data: MemberExport): string {
  const sections = (Object.keys(SECTIONS) as Section[]).map((key) => section(key, data[key]));
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data held by CHAPS</title>
<style>body{font-family:system-ui,sans-serif;font-size:1.05rem;line-height:1.5;max-width:50rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}
h1,h2{color:#0b3d6e}table{border-collapse:collapse;width:100%;margin:0 0 1.25rem}caption{text-align:left;font-weight:700;padding:.25rem 0}
th,td{border:1px solid #767676;padding:.4rem .6rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{width:40%;background:#f2f2f2}dl{margin:0}dt{font-weight:700}dd{margin:0 0 .5rem}</style></head>
<body><h1>Your data held by CHAPS</h1><p>Prepared on ${escape(formatSavedAt(Date.parse(data.exported_at)))} (UK time).</p><p>${escape(data.about)}</p>
${sections.join('\n')}
</body></html>`;
}
