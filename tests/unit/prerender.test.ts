/** Where rendered pages live, and the page data's JSON that no text can break out of. */
import { describe, expect, it } from 'vitest';
import { prerenderedFile } from '../../server/modules/site/prerendered-pages';
import { queryStateScript } from '../../src/domain/query-state';

describe('prerenderedFile', () => {
  it.each([
    ['/', 'prerendered/index.html'],
    ['/news', 'prerendered/news.html'],
    ['/news/', 'prerendered/news.html'],
    ['/news/patient-journey', 'prerendered/news/patient-journey.html'],
    ['/event/:id', 'prerendered/event/:id.html'],
  ])('%s -> %s', (path, file) => expect(prerenderedFile(path)).toBe(file));
});

describe('queryStateScript', () => {
  it("escapes every '<', so '</script>' or '<!--' in the data stays inside, and reads back the same", () => {
    const state = { name: 'a </script><script>alert(1)</script> <!-- b', n: 1 };
    const script = queryStateScript(state);
    const inner = /^<script type="application\/json" id="[\w-]+">(.*)<\/script>$/.exec(script)![1]!;
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner)).toEqual(state);
  });
});
