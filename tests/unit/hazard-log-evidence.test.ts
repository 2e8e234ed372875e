/**
 * The hazard log (docs/clinical-safety/hazard-log.md) proves each control by
 * naming a test: a file and the test's own name in quotes. This holds every
 * such name to a test that exists in a file `npm test` runs, so a renamed
 * or deleted test cannot leave a control claiming evidence it no longer has.
 * A name shortened with "…" matches any text in its place, and a test
 * named by a template (%s, %i, %j) matches any value there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LOG = 'docs/clinical-safety/hazard-log.md';
const log = readFileSync(LOG, 'utf8');

/** Each Evidence section's text: from "**Evidence.**" to the next bold heading. */
const evidence = [...log.matchAll(/\*\*Evidence\.\*\*([\s\S]*?)(?=\n\*\*[A-Z][^*]*\.\*\*)/g)].map((m) => m[1]!);

interface Claim {
  file: string;
  name: string;
}

/** The text without its asides: a quote inside brackets is a message the test checks, not a test's name. */
function withoutAsides(text: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"' && depth === 0) quoted = !quoted;
    if (!quoted && char === '(') depth += 1;
    if (depth === 0) out += char;
    if (!quoted && char === ')' && depth > 0) depth -= 1;
  }
  return out;
}

/** `path`: "name" and "name" ...: each quoted name belongs to the last test file named before it. */
function claims(): Claim[] {
  const found: Claim[] = [];
  for (const section of evidence) {
    const tokens = withoutAsides(section).matchAll(/`([^`]+\.(?:test|spec)\.ts)`|"([^"]+)"/g);
    let file: string | null = null;
    for (const token of tokens) {
      if (token[1]) file = token[1];
      else if (file) found.push({ file, name: token[2]!.replace(/\s+/g, ' ') });
    }
  }
  return found;
}

const RUN_BY_NPM_TEST = [/^tests\/unit\/.+\.test\.ts$/, /^tests\/api\/.+\.test\.ts$/, /^server\/.+\.test\.ts$/, /^tests\/e2e\/.+\.spec\.ts$/];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The name as a pattern over the file's text: "…" and printf-style slots match anything on one line. */
const pattern = (name: string) =>
  new RegExp(
    name
      .split(/…|%[sijdo#]/)
      .map(escape)
      .join('[^\\n]*'),
  );

/** Whether a test in the file's source has this name (or, for a case of a table, this label). */
function isNamedIn(source: string, name: string): boolean {
  const titles = [...source.matchAll(/\b(?:it|test|describe)(?:\.each\([^)]*\))?\s*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs)].map((m) => m[2]!.replace(/\\(.)/g, '$1'));
  const wanted = pattern(name);
  // A title built by a template (${years}) matches the name with any value there, if enough of it is fixed
  // text; a case of a table (it.each) is named by its own label, which stands in the file as a string.
  const named = titles.some((title) => {
    const flat = title.replace(/\s+/g, ' ');
    const fixed = flat.split(/\$\{[^}]*\}/);
    const template = fixed.join('').length >= 12 && new RegExp(`^${fixed.map(escape).join('.*')}$`).test(name);
    return wanted.test(flat) || template;
  });
  return named || new RegExp(`(['"\`])[^'"\`]*${pattern(name).source}`).test(source.replace(/\s+/g, ' '));
}

describe('the hazard log names only tests that npm test runs', () => {
  const all = claims();

  it('names tests at all (the parser reads the log)', () => {
    expect(evidence.length).toBeGreaterThan(15);
    expect(all.length).toBeGreaterThan(60);
  });

  it.each(all.map((c) => [c.file, c.name] as const))('%s: "%s"', (file, name) => {
    expect(RUN_BY_NPM_TEST.some((p) => p.test(file)), `${file} is not among the files npm test runs`).toBe(true);
    expect(existsSync(file), `${file} does not exist`).toBe(true);
    expect(isNamedIn(readFileSync(file, 'utf8'), name), `no test in ${file} is named "${name}"`).toBe(true);
  });

  it('names only files that exist, in its controls as in its evidence', () => {
    const paths = [...new Set([...log.matchAll(/`((?:src|server|sw|tests|docs|scripts)\/[^`\s]+\.[a-z]+)`/g)].map((m) => m[1]!))];
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !existsSync(path))).toEqual([]);
  });

  it('refuses a name no test has, and a shortened one whose words are out of order', () => {
    const source = "it('refuses a result for another event\\'s booking, or for an event not yet held', async () => {});";
    expect(isNamedIn(source, "refuses a result for another event's booking, or for an event not yet held")).toBe(true);
    expect(isNamedIn(source, 'refuses a result for another event…')).toBe(true);
    expect(isNamedIn(source, 'refuses a result for a cancelled booking')).toBe(false);
    expect(isNamedIn(source, 'not yet held…refuses')).toBe(false);
  });
});

describe('the hazard log’s summary', () => {
  const sections = [...log.matchAll(/<a id="hazard-(\d+)"><\/a>\n## H-\d+: ([^\n]+)([\s\S]*?)(?=<a id="hazard-|\n## Summary)/g)];
  const summary = new Map(
    [...log.matchAll(/^\| \[H-(\d+)\]\(#hazard-\d+\) \| ([^|]+) \| (\d) \| (\d) \| (\d+) \|$/gm)].map((m) => [m[1]!, { title: m[2]!.trim(), initial: m[3], residual: m[4], gaps: Number(m[5]) }]),
  );

  it('has a line for every hazard', () => {
    expect(sections.length).toBeGreaterThan(15);
    expect([...summary.keys()]).toEqual(sections.map((s) => s[1]));
  });

  it.each(sections.map((s) => [s[1]!, s[2]!, s[3]!] as const))('H-%s: its title, ratings and count of open gaps agree with its entry', (n, title, body) => {
    const line = summary.get(n)!;
    const rating = (heading: string) => new RegExp(`\\*\\*${heading}\\.\\*\\*[^*]*?\\*\\*(\\d)\\*\\*`).exec(body)?.[1];
    const gaps = /\*\*Gaps\.\*\*([\s\S]*?)(?=\n---|$)/.exec(body)?.[1] ?? '';
    expect(line.title).toBe(title.trim());
    expect(line.initial).toBe(rating('Initial risk'));
    expect(line.residual).toBe(rating('Residual risk'));
    expect(line.gaps).toBe((gaps.match(/^- \*(?:Not built|No test|Clinical question, open):\*/gm) ?? []).length);
  });
});
