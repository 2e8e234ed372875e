/**
 * The edge's checks of a JSON body, before any field rule: how deeply it
 * nests, and the site's text rule (src/domain/clean-text.ts) for every
 * string and key in it, at any depth. Applied where bodies are read
 * (readJsonObject for /api, readBody for /auth/v1, PayPal's webhooks and
 * the local PayPal sandbox).
 *
 * Nesting is bounded before JSON.parse builds anything: V8 parses 5,000
 * nested arrays, but JSON.stringify (which the database driver runs on a
 * jsonb value) then overflows the stack, a 500. No form nests more than
 * two levels and PayPal's largest documents about ten, so the limits
 * leave room and still refuse the probe cheaply, with one pass over the
 * text and no recursion.
 */
import { isCleanText } from '../../../src/domain/clean-text';

export { BAD_TEXT_MESSAGE, isCleanText } from '../../../src/domain/clean-text';

/** Objects and arrays inside one another in a site form or auth body. */
export const MAX_JSON_DEPTH = 10;
/** The same for PayPal's documents (webhook events, orders sent to the sandbox). */
export const MAX_PAYPAL_JSON_DEPTH = 32;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: 'syntax' | 'too_deep' };

/** Whether JSON text opens more than `limit` objects or arrays inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1; // a backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b || ch === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** JSON.parse, refusing nesting deeper than `maxDepth` before parsing. */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): ParsedJson {
  if (nestsDeeperThan(text, maxDepth)) return { ok: false, problem: 'too_deep' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: 'syntax' };
  }
}

export const tooDeepMessage = (maxDepth: number) => `The body nests objects or arrays too deeply (at most ${maxDepth} levels).`;

/**
 * The path ('email', 'data.display_name', 'items.0') of the first bad text
 * in a parsed body, key or value, at any depth; null when all is clean.
 * Walks with its own stack, so no depth can overflow the call stack.
 */
export function findBadText(value: unknown): string | null {
  const stack: { value: unknown; path: string; key?: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: here, path, key } = stack.pop()!;
    if (key !== undefined && !isCleanText(key)) return path;
    if (typeof here === 'string') {
      if (!isCleanText(here)) return path || 'body';
      continue;
    }
    if (typeof here !== 'object' || here === null) continue;
    const entries = Object.entries(here);
    // Pushed last to first, so the first bad text in document order is the one named.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [name, inner] = entries[i]!;
      stack.push({ value: inner, path: path ? `${path}.${name}` : name, key: name });
    }
  }
  return null;
}
