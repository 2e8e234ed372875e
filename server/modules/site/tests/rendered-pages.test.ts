/**
 * Pages rendered ahead (build) and per request (an event's), as the static
 * routes answer them: a navigation gets the rendered page, a query string or
 * anything that cannot be rendered gets the shell, the folder itself is
 * never served, and an event's page carries its event as JSON that hostile
 * text cannot break out of. The render module here is a stand-in written
 * into the test's site, so these tests read the server's part alone; the
 * real build's pages are checked in the browser (tests/e2e/first-paint.spec.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_STATE_ID } from '../../../../src/domain/query-state';
import { PAGE_MARKER, prerenderedFile, RENDER_MODULE } from '../prerendered-pages';
import { testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

const SHELL = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const NEWS = '<!doctype html><html><head></head><body><div id="root" data-prerendered=""><h1>News</h1></div></body></html>';
const TEMPLATE = `<!doctype html><html><head></head><body><div id="root" data-prerendered="">${PAGE_MARKER}</div></body></html>`;
// Renders what the real module would be handed, so the test sees which event the server passed.
const RENDERER = `export async function renderEventPage(event) {
  if (event.event_name === 'Break the renderer') throw new Error('render failed');
  return { markup: '<h1>' + event.event_name.replace(/</g, '&lt;') + '</h1>', state: { event } };
}`;
const HOSTILE = 'Lodge </script><script>alert(1)</script> night';
const html = { Accept: 'text/html' };

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'chaps-rendered-'));
  mkdirSync(join(base, 'prerendered', 'event'), { recursive: true });
  mkdirSync(join(base, 'prerendered', 'server'), { recursive: true });
  writeFileSync(join(base, 'index.html'), SHELL);
  writeFileSync(join(base, prerenderedFile('/news')), NEWS);
  writeFileSync(join(base, prerenderedFile('/event/:id')), TEMPLATE);
  writeFileSync(join(base, RENDER_MODULE), RENDERER);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe.each(ENGINES)('rendered pages (%s)', (engine) => {
  let test: TestDatabase;
  let ids: string[];
  let app: ReturnType<typeof testApp>;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    ids = await replaceEvents(test.db, [
      makeEvent({ event_name: HOSTILE }),
      makeEvent({ event_name: 'Break the renderer' }),
      makeEvent({ event_name: 'Called off' }),
    ]);
    await test.db.query('UPDATE events SET cancelled_at = now() WHERE event_id = $1::uuid', [ids[2]]);
    app = testApp({ db: test.db, env: { STATIC_DIR: base } });
  });
  afterAll(() => test.dispose());

  it('answers a navigation with the page rendered at build time, and a query string with the shell', async () => {
    const page = await app.request('/news', { headers: html });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe(NEWS);
    expect(await (await app.request('/news?page=2', { headers: html })).text()).toBe(SHELL);
    expect(await (await app.request('/about-us', { headers: html })).text()).toBe(SHELL);
  });

  it('never serves the rendered pages or the render module as files', async () => {
    for (const path of ['/prerendered/news.html', `/${RENDER_MODULE}`, '/prerendered/event/:id.html']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it("renders an event's page with its event, whose text cannot close the data's script element", async () => {
    const response = await app.request(`/event/${ids[0]}`, { headers: html });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.text();
    expect(body).toContain('<h1>Lodge &lt;/script>&lt;script>alert(1)&lt;/script> night</h1>');
    const data = new RegExp(`<script type="application/json" id="${QUERY_STATE_ID}">(.*?)</script></body>`).exec(body);
    expect(data).not.toBeNull();
    expect(data![1]).not.toContain('<');
    expect((JSON.parse(data![1]!) as { event: { event_name: string; event_id: string } }).event).toMatchObject({ event_id: ids[0], event_name: HOSTILE });
  });

  it('sends the shell for an unknown, malformed or cancelled event, a query string, and a render that fails', async () => {
    for (const path of ['/event/6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', '/event/not-an-id', '/event/%E0%A4%A', `/event/${ids[2]}`, `/event/${ids[0]}?from=card`, `/event/${ids[1]}`]) {
      const response = await app.request(path, { headers: html });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(SHELL);
    }
  });
});
