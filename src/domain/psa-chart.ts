/**
 * "PSA over time" on /medical-results (issue 20): the geometry of a small
 * SVG chart, as pure numbers, so the page only draws what this returns and
 * the scales and thresholds are unit-tested (tests/unit/psa-chart.test.ts).
 *
 * - x: calendar days (YYYY-MM-DD read as UTC days, so no device zone moves
 *   a point), padded either side; one result sits in the middle.
 * - y: ng/ml from 0 to a round number above both his highest value and
 *   the red line, so the bands always show.
 * - Bands: green, amber and red behind the points, from the thresholds of
 *   src/domain/psa-band.ts for his age on each day: where he turns 50, 60
 *   or 70 inside the chart the lines step. Without a date of birth there
 *   are no bands (as the cards show no band).
 */
import { ageOn } from './age';
import { amberThreshold, psaBand, RED_FACTOR, type PsaBand } from './psa-band';

export interface PsaReading {
  /** The sample's (or appointment's) UK date, YYYY-MM-DD. */
  date: string;
  value: number;
}

export interface ChartPoint extends PsaReading {
  x: number;
  y: number;
  band: PsaBand | null;
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
}

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The ages at which psa-band.ts's starting threshold changes. */
const THRESHOLD_AGES = [50, 60, 70];
const MARGIN = { left: 44, right: 16, top: 24, bottom: 32 };

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

/** Spans of days [from, to) with his starting (amber) threshold, across the chart's days. */
export function thresholdSpans(dateOfBirth: string, fromDay: number, toDay: number): { from: number; to: number; amber: number }[] {
  const cuts = THRESHOLD_AGES.map((age) => dayNumber(birthday(dateOfBirth, age))).filter((d) => d > fromDay && d < toDay);
  const edges = [fromDay, ...cuts, toDay];
  return edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1]!, amber: amberThreshold(ageOn(dateOfBirth, dateOfDay(from)) ?? 0) }));
}

/** Month ticks: the smallest step of 1, 2, 3, 6, 12, 24 or 60 months giving at most `most` ticks inside [fromDay, toDay]. */
export function monthTicks(fromDay: number, toDay: number, most: number): { day: number; label: string }[] {
  const start = new Date(fromDay * DAY_MS);
  for (const step of [1, 2, 3, 6, 12, 24, 60]) {
    const ticks: { day: number; label: string }[] = [];
    let month = start.getUTCFullYear() * 12 + start.getUTCMonth();
    month += (step - (month % step)) % step;
    for (; ; month += step) {
      const day = Date.UTC(Math.floor(month / 12), month % 12, 1) / DAY_MS;
      if (day < fromDay) continue;
      if (day > toDay) break;
      const year = Math.floor(month / 12);
      ticks.push({ day, label: step >= 12 ? String(year) : `${MONTHS[month % 12]} ${year}` });
    }
    if (ticks.length <= most && (ticks.length > 0 || step === 60)) return ticks;
  }
  return [];
}

/** The value as the lab reports it: at most two decimals, no trailing zeros ("3.4", "0.95", "12"). */
export const psaLabel = (value: number) => String(Math.round(value * 100) / 100);

export function psaChart(readings: readonly PsaReading[], dateOfBirth: string | null | undefined, width = 600, height = 300): PsaChart {
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const sorted = [...readings].sort((a, b) => a.date.localeCompare(b.date));
  const days = sorted.map((r) => dayNumber(r.date));
  const first = days[0] ?? 0;
  const last = days[days.length - 1] ?? 0;
  // Padding either side: a twentieth of the span, at least two months.
  const pad = Math.max(61, Math.round((last - first) / 20));
  const fromDay = first - pad;
  const toDay = last + pad;
  const spans = dateOfBirth ? thresholdSpans(dateOfBirth, fromDay, toDay) : [];
  const highest = Math.max(0, ...sorted.map((r) => r.value), ...spans.map((s) => s.amber * RED_FACTOR));
  const step = niceStep((highest * 1.15) / 5);
  const yMax = Math.max(step, Math.ceil((highest * 1.15) / step) * step);
  const x = linearScale(fromDay, toDay, plot.left, plot.right);
  const y = linearScale(0, yMax, plot.bottom, plot.top);
  const bands: ChartBand[] = [];
  const thresholds: ChartThreshold[] = [];
  for (const span of spans) {
    const x1 = x(span.from);
    const x2 = x(span.to);
    const red = span.amber * RED_FACTOR;
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
    band: dateOfBirth ? psaBand(r.value, ageOn(dateOfBirth, r.date)) : null,
    label: psaLabel(r.value),
  }));
  const most = Math.max(2, Math.floor((plot.right - plot.left) / 80));
  const xTicks = monthTicks(fromDay, toDay, most).map((t) => ({ at: x(t.day), label: t.label }));
  const yTicks: ChartTick[] = [];
  for (let i = 0; i * step <= yMax + step / 1000; i += 1) yTicks.push({ at: y(i * step), label: psaLabel(i * step) });
  return { width, height, plot, points, bands, thresholds, xTicks, yTicks, yMax };
}
