/**
 * Turns a Leaflet tile URL template (the site's VITE_TILE_URL) into a RegExp
 * the worker can match requests against, so only real tile requests reach the
 * tile cache: a loose prefix match could swallow an API call on the same host.
 */

// Leaflet's placeholders; any other {key} is a provider option such as an API key.
const PLACEHOLDERS: Record<string, string> = {
  s: '[a-z0-9-]+',
  z: '\\d+',
  x: '\\d+',
  y: '\\d+',
  '-y': '\\d+',
  r: '(?:@2x)?',
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function tileUrlPattern(template: string, origin: string): RegExp {
  // Same-origin templates ('/dev/tiles/...') and protocol-relative ones ('//host/...').
  let absolute = template;
  if (template.startsWith('//')) absolute = `https:${template}`;
  else if (template.startsWith('/')) absolute = `${origin}${template}`;

  let source = '';
  let last = 0;
  for (const match of absolute.matchAll(/\{([^}]+)\}/g)) {
    source += escapeRegExp(absolute.slice(last, match.index));
    source += PLACEHOLDERS[match[1] ?? ''] ?? '[^/?#]*';
    last = match.index + match[0].length;
  }
  source += escapeRegExp(absolute.slice(last));
  // A protocol-relative template follows the page, so accept either scheme.
  if (template.startsWith('//')) source = source.replace(/^https:/, 'https?:');
  return new RegExp(`^${source}$`, 'i');
}
