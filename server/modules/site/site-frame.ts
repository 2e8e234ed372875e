/**
 * The site's frame for a page the server writes itself (the unsubscribe
 * page), so it looks like the rest of the site: the built site's
 * stylesheet (index.html's own links) and its header (as the build
 * rendered it on the home page), without the navigation bar, whose menu
 * buttons need the site's code. No script: such a page works with
 * JavaScript off and from any mail program's browser. A server without a
 * built site (the API tests) sends the page without them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prerenderedFile } from './prerendered-pages';

export interface SiteFrame {
  /** Links for the page's head: the stylesheet and the icon. */
  head: string;
  /** The site header's markup, signed out. */
  header: string;
}

const NONE: SiteFrame = { head: '', header: '' };
const HEAD_LINK = /<link\b[^>]*\brel="(?:stylesheet|icon)"[^>]*>/g;
const HEADER_START = '<header class="site-header"';
const HEADER_END = '</header>';

export function frameFrom(shell: string, home: string): SiteFrame {
  const head = (shell.match(HEAD_LINK) ?? []).join('');
  const start = home.indexOf(HEADER_START);
  const end = start < 0 ? -1 : home.indexOf(HEADER_END, start);
  const header = end < 0 ? '' : home.slice(start, end + HEADER_END.length).replace(/<nav\b[\s\S]*?<\/nav>/, '');
  return { head, header };
}

/** The frame, read from the build once, on the first page that needs it. */
export function siteFrame(staticDir: string): () => Promise<SiteFrame> {
  let loaded: Promise<SiteFrame> | undefined;
  return () =>
    (loaded ??= Promise.all([readFile(join(staticDir, 'index.html'), 'utf8'), readFile(join(staticDir, prerenderedFile('/')), 'utf8')]).then(
      ([shell, home]) => frameFrom(shell, home),
      () => NONE,
    ));
}
