/**
 * "PSA over time" on /medical-results
 * (docs/decisions/0021-member-record-export-and-erasure.md): the geometry of a
 * small SVG chart, as pure numbers, so the page only draws what this returns
 * and the scales and thresholds are unit-tested (tests/unit/psa-chart.test.ts).
 *
 * - x: calendar days (YYYY-MM-DD read as UTC days, so no device zone moves
 *   a point), padded either side; one result sits in the middle.
 * - y: ng/ml from 0 to a round number above both his highest value and
 *   the red line, so the bands always show.
 * - Bands: green, amber and red behind the points, from the thresholds of
 *   the current clinical rule (src/domain/psa-band.ts,
 *   docs/rules.md#clinical-rules) for his age on each day: where he turns
 *   50, 60 or 70 inside the chart the lines step. Without a date of birth
 *   or the rule there are no bands (as the cards show no band).
 * - Points: each result's colour is the band it was given when saved, by
 *   the rule version that banded it (it may sit in another colour of the
 *   background when the rule has changed since).
 */
import { ageOn } from './age';
import { RULE_AGE_BANDS } from './clinical-rule';
import { amberThreshold, PSA_UNIT, redThreshold, type BandRule, type PsaBand } from './psa-band';
import { clampCentred, labelBox, markerBox, placeBandLabel, placePointLabels, textWidth, type Box, type ChartLabel } from './psa-chart-labels';

export interface PsaReading {
  /** The sample's (or appointment's) UK date, YYYY-MM-DD. */
  date: string;
  value: number;
  /** The band the result was given when saved (its rule version's); null for none. */
  band: PsaBand | null;
}

export interface ChartPoint extends PsaReading {
  x: number;
  y: number;
  /** The value as the lab reports it: "3.4". */
  label: string;
}

export interface ChartBand {
  band: PsaBand;
  x: number;
  width: number;
  y: number;
  height: number;
}

export interface ChartThreshold {
  kind: 'amber' | 'red';
  value: number;
  x1: number;
  x2: number;
  y: number;
}

export interface ChartTick {
  at: number;
  label: string;
}

export interface BandLabel extends ChartLabel {
  band: PsaBand;
}

/** Every word on the chart, placed inside it and clear of each other (psa-chart-labels.ts). */
export interface ChartText {
  xTicks: ChartLabel[];
  yTicks: ChartLabel[];
  unit: ChartLabel;
  /** One per point, in the points' order. */
  points: ChartLabel[];
  bands: BandLabel[];
}

export interface PsaChart {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  points: ChartPoint[];
  bands: ChartBand[];
  thresholds: ChartThreshold[];
  xTicks: ChartTick[];
  yTicks: ChartTick[];
  yMax: number;
  text: ChartText;
}

const DAY_MS = 86_400_000;
const BAND_WORD: Record<PsaBand, string> = { green: 'Green', amber: 'Amber', red: 'Red' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The ages at which the rule's amber threshold changes (50, 60 and 70). */
const THRESHOLD_AGES = RULE_AGE_BANDS.map((band) => band.fromAge).filter((age) => age > 0);
const MARGIN = { left: 44, right: 16, top: 28, bottom: 34 };

/** Days since 1970-01-01 of a YYYY-MM-DD date, as UTC. */
export const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A round step (1, 2 or 5 times a power of ten) near `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** A linear map of [d0, d1] onto [r0, r1]; a zero-width domain maps to the middle of the range. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** The date he reaches `age` (a 29 February birthday falls on 1 March in other years). */
function birthday(dateOfBirth: string, age: number): string {
  const y = Number(dateOfBirth.slice(0, 4)) + age;
  const day = dayNumber(`${y}${dateOfBirth.slice(4)}`);
  return dateOfDay(Number.isNaN(day) ? dayNumber(`${y}-03-01`) : day);
}

/** Spans of days [from, to) with his amber and red thresholds under `rule`, across the chart's days. */
export function thresholdSpans(dateOfBirth: string, fromDay: number, toDay: number, rule: BandRule): { from: number; to: number; amber: number; red: number }[] {
  const cuts = THRESHOLD_AGES.map((age) => dayNumber(birthday(dateOfBirth, age))).filter((d) => d > fromDay && d < toDay);
  const edges = [fromDay, ...cuts, toDay];
  return edges.slice(0, -1).map((from, i) => {
    const age = ageOn(dateOfBirth, dateOfDay(from)) ?? 0;
    return { from, to: edges[i + 1]!, amber: amberThreshold(age, rule), red: redThreshold(age, rule) };
  });
}

/** Steps between month ticks, in months. */
const MONTH_STEPS = [1, 2, 3, 4, 6, 12, 24, 60, 120];

/**
 * Month ticks labelled with month and year ("Sep 2024"), on the first of
 * the month of `startDay` (his first result) and every step after it up to
 * `toDay`: the smallest step of MONTH_STEPS whose ticks are at least
 * `minGapDays` apart, so their labels never meet.
 *
 * Given `newestDay` (his newest result), the ticks reach it: when no tick of
 * that step falls between the newest result's month and `toDay` (ten
 * results over six years on a phone had ticks Nov 2020 and Nov 2025 under a
 * result of Nov 2026), the span from his first result's month to his newest
 * result's month is cut into the most equal whole-month steps that keep the
 * gap, so both his first and his newest month are labelled.
 */
export function monthTicks(startDay: number, toDay: number, minGapDays: number, newestDay?: number): { day: number; label: string }[] {
  const first = monthOf(startDay);
  // A run of `step` months is at least 28 days a month.
  const step = MONTH_STEPS.find((months) => months * 28 >= minGapDays) ?? MONTH_STEPS[MONTH_STEPS.length - 1]!;
  const ticks: { day: number; label: string }[] = [];
  for (let month = first; ; month += step) {
    const day = firstOfMonth(month);
    if (day > toDay) break;
    ticks.push({ day, label: monthLabel(month) });
  }
  if (newestDay === undefined) return ticks;
  const newest = monthOf(newestDay);
  if (ticks.some((t) => t.day >= firstOfMonth(newest))) return ticks;
  const span = newest - first;
  let parts = Math.max(1, Math.min(span, Math.floor((span * 28) / Math.max(1, minGapDays))));
  while (parts > 1 && span % parts !== 0) parts -= 1;
  const even = span / parts;
  return Array.from({ length: parts + 1 }, (_, i) => ({ day: firstOfMonth(first + i * even), label: monthLabel(first + i * even) }));
}

/** The month of UTC calendar day `day`, counted from year 0; its first day; its label. */
function monthOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}
const firstOfMonth = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1) / DAY_MS;
const monthLabel = (month: number) => `${MONTHS[month % 12]} ${Math.floor(month / 12)}`;

/** The value as the lab reports it: at most two decimals, no trailing zeros ("3.4", "0.95", "12"). */
export const psaLabel = (value: number) => String(Math.round(value * 100) / 100);

/** The chart of `readings`; the background bands follow `rule` (the current one), or none without it. */
export function psaChart(readings: readonly PsaReading[], dateOfBirth: string | null | undefined, rule: BandRule | null, width = 600, height = 300): PsaChart {
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const sorted = [...readings].sort((a, b) => a.date.localeCompare(b.date));
  const days = sorted.map((r) => dayNumber(r.date));
  const first = days[0] ?? 0;
  const last = days[days.length - 1] ?? 0;
  // Padding either side: a twentieth of the span, at least two months.
  const pad = Math.max(61, Math.round((last - first) / 20));
  const fromDay = first - pad;
  const toDay = last + pad;
  const spans = dateOfBirth && rule ? thresholdSpans(dateOfBirth, fromDay, toDay, rule) : [];
  const highest = Math.max(0, ...sorted.map((r) => r.value), ...spans.map((s) => s.red));
  const step = niceStep((highest * 1.15) / 5);
  const yMax = Math.max(step, Math.ceil((highest * 1.15) / step) * step);
  const x = linearScale(fromDay, toDay, plot.left, plot.right);
  const y = linearScale(0, yMax, plot.bottom, plot.top);
  const bands: ChartBand[] = [];
  const thresholds: ChartThreshold[] = [];
  for (const span of spans) {
    const x1 = x(span.from);
    const x2 = x(span.to);
    const red = span.red;
    const rows: [PsaBand, number, number][] = [
      ['green', 0, span.amber],
      ['amber', span.amber, red],
      ['red', red, yMax],
    ];
    for (const [band, low, high] of rows) {
      if (low < yMax) bands.push({ band, x: x1, width: x2 - x1, y: y(Math.min(high, yMax)), height: y(low) - y(Math.min(high, yMax)) });
    }
    thresholds.push({ kind: 'amber', value: span.amber, x1, x2, y: y(span.amber) });
    if (red <= yMax) thresholds.push({ kind: 'red', value: red, x1, x2, y: y(red) });
  }
  const points = sorted.map((r, i) => ({
    ...r,
    x: x(days[i]!),
    y: y(r.value),
    label: psaLabel(r.value),
  }));
  // Ticks far enough apart for their labels; a label at an end is moved inside the chart, and
  // one that would then meet its neighbour is left out with its tick.
  const minGapDays = ((textWidth('Sep 2024', 'tick') + 8) * (toDay - fromDay)) / Math.max(1, plot.right - plot.left);
  const xTicks: ChartTick[] = [];
  for (const t of monthTicks(first, toDay, minGapDays, last)) {
    const box = labelBox({ text: t.label, x: clampCentred(t.label, x(t.day), 'tick', width), y: 0, anchor: 'middle' }, 'tick');
    const previous = xTicks[xTicks.length - 1];
    if (previous && box.left < clampCentred(previous.label, previous.at, 'tick', width) + textWidth(previous.label, 'tick') / 2 + 4) continue;
    xTicks.push({ at: x(t.day), label: t.label });
  }
  const yTicks: ChartTick[] = [];
  for (let i = 0; i * step <= yMax + step / 1000; i += 1) yTicks.push({ at: y(i * step), label: psaLabel(i * step) });
  return { width, height, plot, points, bands, thresholds, xTicks, yTicks, yMax, text: chartText(plot, width, height, points, bands, xTicks, yTicks) };
}

/** The chart's words: axes first, then each point's value, then each band's word where it is free. */
function chartText(plot: PsaChart['plot'], width: number, height: number, points: ChartPoint[], bands: ChartBand[], xTicks: ChartTick[], yTicks: ChartTick[]): ChartText {
  const xText = xTicks.map((t): ChartLabel => ({ text: t.label, x: clampCentred(t.label, t.at, 'tick', width), y: plot.bottom + 22, anchor: 'middle' }));
  const yText = yTicks.map((t): ChartLabel => ({ text: t.label, x: plot.left - 6, y: t.at + 4, anchor: 'end' }));
  const unit: ChartLabel = { text: PSA_UNIT, x: 4, y: plot.top - 14, anchor: 'start' };
  const taken: Box[] = [...xText, ...yText, unit].map((label) => labelBox(label, 'tick'));
  // Each band's word first, clear of the markers, so a band is always named (ten results on a phone left
  // amber's thin band no free place once the values were placed); then the values, clear of every word.
  const markers = points.map((p) => markerBox(p.x, p.y));
  const bandText: BandLabel[] = [];
  for (const band of ['green', 'amber', 'red'] as const) {
    // The band of the latest span (his age now), as the thresholds stand today.
    const last = [...bands].reverse().find((b) => b.band === band);
    if (!last) continue;
    const placed = placeBandLabel(BAND_WORD[band], { left: last.x, right: last.x + last.width, top: last.y, bottom: last.y + last.height }, [...taken, ...markers]);
    if (placed) {
      bandText.push({ ...placed, band });
      taken.push(labelBox(placed, 'zone'));
    }
  }
  const pointText = placePointLabels(points, taken, width, height);
  return { xTicks: xText, yTicks: yText, unit, points: pointText, bands: bandText };
}
