/**
 * The code explains itself from inside the repository (docs/architecture.md):
 * every file a comment names exists, every anchor it cites in docs/ is
 * there, and no comment sends a reader to a document a clone does not hold
 * or to an issue number. Read from the files git tracks, so a comment left
 * behind by a move or a rename fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const CODE = /^(server|src|sw|scripts|tests|eslint-rules)\/.*\.(ts|tsx|js|mjs|css|sql)$/;
const sources = tracked.filter((file) => CODE.test(file) && existsSync(path.join(root, file)));
const basenames = new Set(tracked.map((file) => path.basename(file)));

/** Each comment of a file (line and block; `--` in SQL, whose comments may be corrected since their checksum is of the SQL alone), with the line it starts on. */
function commentsOf(file: string): Array<{ line: number; text: string }> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: Array<{ line: number; text: string }> = [];
  if (file.endsWith('.sql')) {
    for (const match of text.matchAll(/--[^\n]*/g)) found.push({ line: text.slice(0, match.index).split('\n').length, text: match[0] });
    return found;
  }
  for (const match of text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)) {
    // `//` inside a URL or a string is not a comment: it follows a colon or a quote.
    const before = text[match.index - 1];
    if (match[0].startsWith('//') && (before === ':' || before === "'" || before === '"' || before === '`')) continue;
    found.push({ line: text.slice(0, match.index).split('\n').length, text: match[0] });
  }
  return found;
}

/** Paths from the repository's root (server/..., docs/rules.md#age), or relative (./x.ts). */
const ROOTED = /(?<![\w@/.-])((?:\.\.?\/)*(?:server|src|sw|scripts|tests|docs|public|eslint-rules|\.ci)\/[\w./@[\]-]*[\w\]])(#[\w-]+)?/g;
/** A file named alone (capture-answer.ts): some tracked file must have that name. */
const BARE = /(?<![\w@/.:-])([\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|mjs|css|md|sql))\b(?![\w/-])/g;

const anchorsOf = (() => {
  const cache = new Map<string, Set<string>>();
  return (doc: string) => {
    let anchors = cache.get(doc);
    if (!anchors) {
      const text = readFileSync(path.join(root, doc), 'utf8');
      // An explicit <a id>, or a heading's anchor as GitHub makes it (lower case, punctuation dropped, spaces as hyphens).
      const explicit = [...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1]!);
      const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-'));
      anchors = new Set([...explicit, ...headings]);
      cache.set(doc, anchors);
    }
    return anchors;
  };
})();

/** `docs/decisions/0009` names ADR 0009, whatever its title. */
function resolvesAsDecision(named: string): boolean {
  const match = /^docs\/decisions\/(\d{4})$/.exec(named);
  return match !== null && readdirSync(path.join(root, 'docs/decisions')).some((file) => file.startsWith(`${match[1]}-`));
}

describe('comments in the code', () => {
  it('name only files that exist, and only anchors their documents hold', () => {
    const problems: string[] = [];
    for (const file of sources) {
      for (const comment of commentsOf(file)) {
        for (const [, named, anchor] of comment.text.matchAll(ROOTED)) {
          const fromRoot = path.join(root, named!);
          const fromFile = path.resolve(root, path.dirname(file), named!);
          const target = named!.startsWith('.') ? fromFile : existsSync(fromRoot) ? fromRoot : fromFile;
          if (!existsSync(target) && !resolvesAsDecision(named!)) problems.push(`${file}:${comment.line} names ${named}, which does not exist`);
          else if (anchor && target.endsWith('.md') && !anchorsOf(path.relative(root, target)).has(anchor.slice(1))) {
            problems.push(`${file}:${comment.line} cites ${named}${anchor}, which has no such anchor`);
          }
        }
        for (const [, named] of comment.text.matchAll(BARE)) {
          if (!basenames.has(named!)) problems.push(`${file}:${comment.line} names ${named}, which no file in the repository is called`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('send no reader outside the repository: no SPEC.md, DESIGN.md, FACTS.md or issue number', () => {
    const outside = /\b(?:SPEC|DESIGN|FACTS)\.md\b|\bissues? #?\d+/i;
    const problems = sources
      .filter((file) => /^(server|src|sw)\//.test(file))
      .flatMap((file) => commentsOf(file).filter((comment) => outside.test(comment.text)).map((comment) => `${file}:${comment.line}: ${outside.exec(comment.text)![0]}`));
    expect(problems).toEqual([]);
  });

  it('are checked by patterns that catch what they look for', () => {
    expect([...'see server/platform/db/nowhere.ts and docs/rules.md#age'.matchAll(ROOTED)].map((m) => m[1] + (m[2] ?? ''))).toEqual([
      'server/platform/db/nowhere.ts',
      'docs/rules.md#age',
    ]);
    expect([...'as capture-answer.ts does, unlike c.json()'.matchAll(BARE)].map((m) => m[1])).toEqual(['capture-answer.ts']);
    expect(anchorsOf('docs/rules.md').has('age')).toBe(true);
    expect(anchorsOf('docs/benchmarks.md').has('first-visit-precache-included')).toBe(true);
    expect(anchorsOf('docs/rules.md').has('no-such-rule')).toBe(false);
    expect(resolvesAsDecision('docs/decisions/0009')).toBe(true);
    expect(resolvesAsDecision('docs/decisions/9999')).toBe(false);
  });
});
