/**
 * How our maps take gestures. The page must always scroll: the wheel never
 * zooms the map, and on touch screens one finger scrolls the page rather
 * than dragging the map (pinch and the +/- buttons still zoom).
 */
export function interactionOptions(): { scrollWheelZoom: boolean; dragging: boolean } {
  const coarsePointer = window.matchMedia('(pointer: coarse)').matches;
  return { scrollWheelZoom: false, dragging: !coarsePointer };
}
