/**
 * Where the PSA chart's words go (src/domain/psa-chart.ts): every label is
 * a box of estimated size, kept inside the chart and clear of every other
 * label and of the other points' markers. A point's value goes above its
 * marker, or else below, right or left of it; a band's word goes in its
 * own band, top right if free, or else along the band's top, bottom or
 * middle. The widths are generous estimates of the common sans-serif
 * fonts, so the real text is never wider than its box.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type Anchor = 'start' | 'middle' | 'end';

export interface ChartLabel {
  text: string;
  /** Where the text is anchored, and its baseline, in chart pixels. */
  x: number;
  y: number;
  anchor: Anchor;
}

/** Text sizes in pixels, as psa-history.css draws them. */
export const TEXT = {
  tick: { size: 13, bold: false },
  zone: { size: 13, bold: true },
  point: { size: 15, bold: true },
} as const;

export type TextKind = keyof typeof TEXT;

/** Space kept between two labels, and around a marker. */
const GAP = 1;
/** Half the size of a point's marker (the diamond reaches 8 from its centre). */
export const MARKER_REACH = 8;

export function textWidth(text: string, kind: TextKind): number {
  const { size, bold } = TEXT[kind];
  return text.length * size * (bold ? 0.7 : 0.64);
}

export function labelBox(label: ChartLabel, kind: TextKind): Box {
  const { size } = TEXT[kind];
  const width = textWidth(label.text, kind);
  const left = label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - width : label.x - width / 2;
  return { left, right: left + width, top: label.y - size, bottom: label.y + size * 0.3 };
}

export const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

const within = (a: Box, area: Box): boolean => a.left >= area.left && a.top >= area.top && a.right <= area.right && a.bottom <= area.bottom;

/** A centred label moved sideways, as little as needed, to sit inside [0, width]. */
export function clampCentred(text: string, x: number, kind: TextKind, width: number): number {
  const half = textWidth(text, kind) / 2;
  return Math.min(Math.max(x, half), width - half);
}

export const markerBox = (x: number, y: number): Box => ({ left: x - MARKER_REACH, right: x + MARKER_REACH, top: y - MARKER_REACH, bottom: y + MARKER_REACH });

/** The first candidate inside `area` and clear of `taken`, which it joins; null when none is. */
function firstFree(candidates: ChartLabel[], kind: TextKind, area: Box, taken: Box[]): ChartLabel | null {
  for (const candidate of candidates) {
    const box = labelBox(candidate, kind);
    if (within(box, area) && !taken.some((other) => overlaps(box, other))) {
      taken.push(box);
      return candidate;
    }
  }
  return null;
}

/**
 * The points' values, the newest placed first (it matters most). `taken`
 * holds the boxes already drawn (ticks, the unit); it gains each label.
 */
export function placePointLabels(
  points: readonly { x: number; y: number; label: string }[],
  taken: Box[],
  width: number,
  height: number,
): ChartLabel[] {
  const chart = { left: 0, top: 0, right: width, bottom: height };
  const placed: ChartLabel[] = new Array(points.length);
  for (let i = points.length - 1; i >= 0; i -= 1) {
    const { x, y, label: text } = points[i]!;
    const others = points.filter((_, j) => j !== i).map((p) => markerBox(p.x, p.y));
    const centred = clampCentred(text, x, 'point', width);
    const above = y - MARKER_REACH - 6;
    const below = y + MARKER_REACH + TEXT.point.size + 2;
    // Above, below, right and left of the marker; then, where points crowd (ten results in six
    // years on a phone), above or below and to one side, then up to four lines further up or down.
    const candidates: ChartLabel[] = [
      { text, x: centred, y: above, anchor: 'middle' },
      { text, x: centred, y: below, anchor: 'middle' },
      { text, x: x + MARKER_REACH + 4, y: y + 5, anchor: 'start' },
      { text, x: x - MARKER_REACH - 4, y: y + 5, anchor: 'end' },
      ...[above, below].flatMap((row): ChartLabel[] => [
        { text, x: x + 2, y: row, anchor: 'start' },
        { text, x: x - 2, y: row, anchor: 'end' },
      ]),
      ...[1, 2, 3, 4].flatMap((lines) => [above - lines * TEXT.point.size, below + lines * TEXT.point.size]).flatMap((row): ChartLabel[] => [
        { text, x: centred, y: row, anchor: 'middle' },
        { text, x: x + 2, y: row, anchor: 'start' },
        { text, x: x - 2, y: row, anchor: 'end' },
        { text, x: x + 14, y: row, anchor: 'start' },
        { text, x: x - 14, y: row, anchor: 'end' },
      ]),
    ];
    const blocked = [...taken, ...others];
    const free = firstFree(candidates, 'point', chart, blocked);
    const chosen = free ?? candidates[0]!;
    taken.push(labelBox(chosen, 'point'));
    placed[i] = chosen;
  }
  return placed;
}

/**
 * A band's word inside its band: top right, then along its top, its bottom
 * and its middle from right to left; null when the band has no free room
 * for it (a sliver of a band).
 */
export function placeBandLabel(text: string, band: Box, taken: Box[]): ChartLabel | null {
  const { size } = TEXT.zone;
  const rows = [band.top + size + 2, band.bottom - size * 0.3 - 3, (band.top + band.bottom) / 2 + size * 0.35];
  const width = textWidth(text, 'zone');
  const candidates: ChartLabel[] = [];
  for (const y of rows) {
    // Every 2 px, so a gap between crowded markers is found; the last place flush with the band's left edge.
    for (let x = band.right - 4; x - width >= band.left + 4; x -= 2) candidates.push({ text, x, y, anchor: 'end' });
    if (band.right - band.left >= width + 8) candidates.push({ text, x: band.left + 4 + width, y, anchor: 'end' });
  }
  return firstFree(candidates, 'zone', band, taken);
}
