/**
 * The site's one rule for text it keeps: no control characters other than
 * tab and line breaks, and no malformed Unicode (an unpaired UTF-16
 * surrogate, which JSON can spell as "\ud800"). PostgreSQL cannot store
 * either in jsonb (a NUL or a lone surrogate makes it fail, which was a
 * 500), a NUL not in text either, and no form or file the site takes has a
 * use for them. Pure, so the server's edge (server/platform/http/text-rules.ts) and
 * the results file (results-csv.ts) apply the same rule.
 */

// C0 controls except tab (09), line feed (0A) and carriage return (0D); DEL and the C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export const BAD_TEXT_MESSAGE = 'contains characters that are not allowed';

export const isCleanText = (text: string) => !CONTROL.test(text) && !LONE_SURROGATE.test(text);

/** The text with what the rule forbids removed, for text kept as a record rather than refused (page error logs). */
export const withoutBadText = (text: string) => text.replace(CONTROLS, '').replace(LONE_SURROGATES, '');
