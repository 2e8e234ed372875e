/**
 * Pages the server renders per request (src/app/prerender.tsx): an event's
 * page, so a link shared to a phone paints the event's name, date and
 * address before the site's code arrives, and search engines read them.
 * The event is the one GET /api/events/:id gives; it travels in the page
 * as JSON for the browser's query cache, so hydration draws the same page.
 * Anything that cannot be rendered falls back to the empty shell, which
 * loads the event from the API as before.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { queryStateScript } from '../../../src/domain/query-state';
import type { ScreeningEvent } from '../../../src/domain/event';
import type { Logger } from '../../platform/logger';
import { PAGE_MARKER, prerenderedFile, RENDER_MODULE } from './prerendered-pages';

interface RenderModule {
  renderEventPage(event: ScreeningEvent): Promise<{ markup: string; state: unknown }>;
}

const EVENT_PATH = /^\/event\/([^/]+)\/?$/;
const EVENT_TEMPLATE = prerenderedFile('/event/:id');

export interface RenderedPages {
  /** The page's HTML for this path, or null when it is not such a page or cannot be rendered. */
  render(path: string): Promise<string | null>;
}

export function renderedPages(staticDir: string, getEvent: (id: string) => Promise<ScreeningEvent | null>, logger: Logger): RenderedPages {
  // Loaded once, on the first event page asked for; a site built without them renders nothing here.
  let loaded: Promise<{ module: RenderModule; template: string } | null> | undefined;
  const load = () =>
    (loaded ??= Promise.all([
      import(pathToFileURL(join(staticDir, RENDER_MODULE)).href) as Promise<RenderModule>,
      readFile(join(staticDir, EVENT_TEMPLATE), 'utf8'),
    ]).then(
      ([module, template]) => (template.includes(PAGE_MARKER) ? { module, template } : null),
      () => null,
    ));

  return {
    async render(path) {
      const match = EVENT_PATH.exec(path);
      if (!match) return null;
      let id: string;
      try {
        id = decodeURIComponent(match[1]!);
      } catch {
        return null;
      }
      const renderer = await load();
      if (!renderer) return null;
      const event = await getEvent(id);
      if (!event) return null;
      try {
        const { markup, state } = await renderer.module.renderEventPage(event);
        return renderer.template.replace(PAGE_MARKER, () => markup).replace('</body>', () => `${queryStateScript(state)}</body>`);
      } catch (error) {
        logger.error(`Rendering the page of event ${event.event_id} failed; the shell was sent instead`, error);
        return null;
      }
    },
  };
}
