/**
 * One rule for text arriving in a request body, applied where bodies are
 * read (/api forms, the profile, /auth/v1): no control characters other
 * than tab and line breaks, and no malformed Unicode (an unpaired UTF-16
 * surrogate, which JSON can spell as "\ud800"). PostgreSQL cannot store
 * either (a NUL or a lone surrogate makes it fail, which was a 500), and
 * no form on the site has a use for them. Keys are checked too: metadata
 * keys end up in jsonb.
 */

// C0 controls except tab (09), line feed (0A) and carriage return (0D); DEL and the C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 20;

export const BAD_TEXT_MESSAGE = 'contains characters that are not allowed';

export const isCleanText = (text: string) => !CONTROL.test(text) && !LONE_SURROGATE.test(text);

/** The path ('email', 'data.display_name', 'items.0') of the first bad text in a parsed body, or null. */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path || 'body';
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isCleanText(key)) return at;
    const bad = findBadText(inner, at, depth + 1);
    if (bad) return bad;
  }
  return null;
}
