/**
 * The exact text of one member's value in a JSON object's text, as it was
 * written: PayPal's verify-webhook-signature checks the webhook_event it is
 * given against the bytes it signed, so the stand-in reads that value from
 * its request's own text rather than serialising the parsed object again
 * (which would change `\u00a3`, `\/`, spacing and key order).
 */

const SPACE = new Set([' ', '\t', '\n', '\r']);

/** Index just past the string literal that opens at `start` (a `"`). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') return i + 1;
    else i += 1;
  }
  return -1;
}

/** Index just past the JSON value that opens at `start`. */
function valueEnd(text: string, start: number): number {
  if (text[start] === '"') return stringEnd(text, start);
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      i = stringEnd(text, i);
      if (i < 0) return -1;
      if (depth === 0) return i;
      continue;
    }
    if (ch === '{' || ch === '[') depth += 1;
    else if (ch === '}' || ch === ']') {
      if (depth === 0) return i;
      depth -= 1;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && (ch === ',' || SPACE.has(ch))) return i;
    i += 1;
  }
  return depth === 0 ? i : -1;
}

/**
 * The text of member `key` of the JSON object written in `text`, exactly as
 * written, with any spacing around it (everything between its `:` and the
 * `,` or `}` after it: a caller that splices a body in as the value keeps
 * that body's own leading and trailing spaces and line ends); the last one
 * when the key is repeated (as JSON.parse keeps the last). Null when
 * `text` is not one JSON object or has no such member.
 */
export function rawMemberText(text: string, key: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  } catch {
    return null;
  }
  const skip = (from: number) => {
    let i = from;
    while (i < text.length && SPACE.has(text[i]!)) i += 1;
    return i;
  };
  let found: string | null = null;
  // Well formed (parsed above), so each step below finds what JSON's grammar says is there.
  let i = skip(0) + 1;
  for (;;) {
    i = skip(i);
    if (text[i] === '}') return found;
    const keyEnd = stringEnd(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    const colon = skip(keyEnd);
    const end = skip(valueEnd(text, skip(colon + 1)));
    if (name === key) found = text.slice(colon + 1, end);
    i = end;
    if (text[i] === ',') i += 1;
  }
}
