/**
 * The SQL of a migration as the database reads it, without its comments:
 * `--` line comments and `/* *\/` block comments (which nest, as in
 * PostgreSQL) are removed, every run of whitespace between tokens becomes
 * one space, and the ends are trimmed. Text inside a literal is never
 * touched: single-quoted strings ('' escapes a quote), E'...' strings
 * (a backslash escapes too), "quoted identifiers" and dollar-quoted bodies
 * ($$...$$ or $tag$...$tag$, the bodies of functions and DO blocks, kept
 * whole with any comments inside them, since the database keeps those).
 *
 * The migration runner (migrate.ts) runs this text and keeps the checksum
 * of it, so a comment can be corrected without changing what a database
 * that applied the migration ran. Its output is part of every stored
 * checksum: a change to what it keeps or drops changes the checksum of
 * every migration, and a database that applied them would refuse to start.
 *
 * It follows PostgreSQL's lexer (standard_conforming_strings on, the
 * default since 9.1) closely enough that the text keeps its meaning:
 * - a comment counts as whitespace, so `a/* x *\/b` becomes `a b`;
 * - `--` and `/*` start a comment even right after an operator (`1+-- x`);
 * - `$` inside a word (`a$b`) or before digits (`$1`) starts no dollar quote;
 * - two single-quoted strings separated by whitespace that holds a newline
 *   are one string in PostgreSQL, so that gap is kept as one newline rather
 *   than a space (which would make them a syntax error).
 */

export class SqlTextError extends Error {
  override name = 'SqlTextError';
}

const WHITESPACE = /[ \t\n\r\f\v]/;
const NEWLINE = /[\n\r]/;
const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DIGIT = /[0-9]/;
const NUMBER_PART = /[A-Za-z0-9_]/;
const DOLLAR_QUOTE = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

type StringKind = 'plain' | 'escape';

export function sqlWithoutComments(text: string): string {
  let out = '';
  let i = 0;
  // Whitespace or a comment since the last token, and whether it held a newline.
  let gap = false;
  let gapHasNewline = false;
  // The kind of string the last token was, if it was one (a later string may continue it).
  let lastString: StringKind | null = null;

  const lineOf = (at: number) => text.slice(0, at).split('\n').length;

  /** Whether `token` is a string that PostgreSQL joins to the string before it. */
  const continuesString = (token: string) => lastString !== null && gapHasNewline && token.startsWith("'");

  const emit = (token: string, string: StringKind | null = null) => {
    if (gap && out.length > 0) out += continuesString(token) ? '\n' : ' ';
    out += token;
    gap = false;
    gapHasNewline = false;
    lastString = string;
  };

  /** The quoted text starting at `start` (a quote character), through its closing quote. */
  const quoted = (start: number, quote: "'" | '"', kind: StringKind): string => {
    let j = start + 1;
    for (;;) {
      if (j >= text.length) {
        const what = quote === '"' ? 'quoted identifier' : 'string';
        throw new SqlTextError(`Unterminated ${what} starting on line ${lineOf(start)}`);
      }
      const ch = text[j];
      if (kind === 'escape' && ch === '\\') {
        j += 2;
      } else if (ch === quote) {
        if (text[j + 1] === quote) j += 2;
        else return text.slice(start, j + 1);
      } else {
        j += 1;
      }
    }
  };

  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];

    if (WHITESPACE.test(ch)) {
      gap = true;
      if (NEWLINE.test(ch)) gapHasNewline = true;
      i += 1;
      continue;
    }

    if (ch === '-' && next === '-') {
      // To the end of the line; the newline itself is whitespace.
      let end = i + 2;
      while (end < text.length && !NEWLINE.test(text[end]!)) end += 1;
      gap = true;
      i = end;
      continue;
    }

    if (ch === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (depth > 0) {
        if (j >= text.length) throw new SqlTextError(`Unterminated block comment starting on line ${lineOf(i)}`);
        if (text[j] === '/' && text[j + 1] === '*') {
          depth += 1;
          j += 2;
        } else if (text[j] === '*' && text[j + 1] === '/') {
          depth -= 1;
          j += 2;
        } else {
          j += 1;
        }
      }
      gap = true;
      i = j;
      continue;
    }

    if (ch === "'") {
      // A string continuing an E'...' string keeps its backslash escapes.
      const kind: StringKind = continuesString("'") && lastString === 'escape' ? 'escape' : 'plain';
      const token = quoted(i, "'", kind);
      emit(token, kind);
      i += token.length;
      continue;
    }

    if (ch === '"') {
      const token = quoted(i, '"', 'plain');
      emit(token);
      i += token.length;
      continue;
    }

    if (ch === '$') {
      DOLLAR_QUOTE.lastIndex = i;
      const tag = DOLLAR_QUOTE.exec(text)?.[0];
      if (tag === undefined) {
        emit('$');
        i += 1;
        continue;
      }
      const close = text.indexOf(tag, i + tag.length);
      if (close < 0) throw new SqlTextError(`Unterminated dollar-quoted text ${tag} starting on line ${lineOf(i)}`);
      const token = text.slice(i, close + tag.length);
      emit(token);
      i += token.length;
      continue;
    }

    if (WORD_START.test(ch) || DIGIT.test(ch)) {
      // A word (a keyword or a name, which may hold `$`) or the digits of a number.
      const part = WORD_START.test(ch) ? WORD_PART : NUMBER_PART;
      let end = i + 1;
      while (end < text.length && part.test(text[end]!)) end += 1;
      const word = text.slice(i, end);
      if ((word === 'E' || word === 'e') && text[end] === "'") {
        const token = word + quoted(end, "'", 'escape');
        emit(token, 'escape');
        i += token.length;
        continue;
      }
      emit(word);
      i = end;
      continue;
    }

    emit(ch);
    i += 1;
  }

  return out;
}
