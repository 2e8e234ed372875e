/**
 * What the worker answers for a map tile it can neither find in its cache nor
 * fetch (no signal, the tile host unreachable, or an error status from it): a
 * plain square in the map's background colour with a faint edge. The image
 * loads, so the page shows no broken tile and the browser logs no failed
 * request. It is never cached: the real tile replaces it once it can be
 * fetched.
 */
import type { WorkboxPlugin } from 'workbox-core/types';

const TILE_SIZE = 256;
const PLACEHOLDER_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">` +
  `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="#e8eef4"/>` +
  `<path d="M0 0.5H${TILE_SIZE}M0.5 0V${TILE_SIZE}" stroke="#d3dce6"/>` +
  `</svg>`;

export function tilePlaceholderResponse(): Response {
  return new Response(PLACEHOLDER_SVG, {
    status: 200,
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store', 'X-Tile-Placeholder': '1' },
  });
}

/**
 * For the tile route's strategy: an error status counts as a failed fetch
 * (and so is never cached), and any failure is answered with the placeholder.
 */
export const tilePlaceholderPlugin: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (!response.ok) throw new Error(`Tile answered ${response.status}`);
    return response;
  },
  handlerDidError: async () => tilePlaceholderResponse(),
};
