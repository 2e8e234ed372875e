/**
 * How our maps take gestures. The page must always scroll: the wheel never
 * zooms the map, and on touch screens one finger scrolls the page rather
 * than dragging the map (pinch and the +/- buttons still zoom).
 */

/**
 * Set on the map itself rather than left to the tile layer: the tile layer
 * may arrive later (tile-readiness.ts), and clustering needs a maximum zoom
 * from the start.
 */
export const MAX_ZOOM = 18;

export function interactionOptions(): { scrollWheelZoom: boolean; dragging: boolean; maxZoom: number } {
  const coarsePointer = window.matchMedia('(pointer: coarse)').matches;
  return { scrollWheelZoom: false, dragging: !coarsePointer, maxZoom: MAX_ZOOM };
}
