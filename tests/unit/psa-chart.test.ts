/**
 * The PSA chart's geometry (src/domain/psa-chart.ts): round steps, the
 * linear scales, his age's thresholds drawn as bands that step where he
 * turns 50, 60 or 70 (under the rule given: the current one), ticks, one
 * result in the middle, each point in the band it was given when saved, and
 * no bands without a date of birth. Run in Auckland's zone (vitest.config.ts): calendar
 * dates must not move with the device.
 */
import { describe, expect, it } from 'vitest';
import { dayNumber, linearScale, monthTicks, niceStep, psaChart, psaLabel, thresholdSpans } from '../../src/domain/psa-chart';
import { labelBox, overlaps, type TextKind } from '../../src/domain/psa-chart-labels';
import { RULE_V1 } from '../fixtures/clinical-rule';

describe('niceStep', () => {
  it.each([
    [0.3, 0.5],
    [1, 1],
    [1.2, 2],
    [2.001, 5],
    [3, 5],
    [7, 10],
    [23, 50],
    [0, 1],
    [-4, 1],
  ])('%s rounds up to %s', (rough, step) => {
    expect(niceStep(rough)).toBeCloseTo(step, 10);
  });
});

describe('scales', () => {
  it('maps a domain linearly onto a range, and a single value to the middle', () => {
    const s = linearScale(0, 10, 100, 200);
    expect([s(0), s(5), s(10)]).toEqual([100, 150, 200]);
    expect(linearScale(0, 10, 300, 20)(10)).toBe(20);
    expect(linearScale(7, 7, 40, 60)(7)).toBe(50);
  });

  it('reads dates as UTC calendar days, whatever the device zone', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-03-29') - dayNumber('2026-03-28')).toBe(1);
    expect(dayNumber('2026-10-25') - dayNumber('2026-10-24')).toBe(1);
  });

  it('labels values as the lab reports them', () => {
    expect([psaLabel(3.4), psaLabel(0.95), psaLabel(12), psaLabel(0.1 + 0.2)]).toEqual(['3.4', '0.95', '12', '0.3']);
  });
});

describe('thresholdSpans', () => {
  it('steps the amber line where he turns 50 and 60', () => {
    const spans = thresholdSpans('1966-05-10', dayNumber('2015-01-01'), dayNumber('2027-01-01'), RULE_V1);
    expect(spans).toEqual([
      { from: dayNumber('2015-01-01'), to: dayNumber('2016-05-10'), amber: 1, red: 2 },
      { from: dayNumber('2016-05-10'), to: dayNumber('2026-05-10'), amber: 2, red: 4 },
      { from: dayNumber('2026-05-10'), to: dayNumber('2027-01-01'), amber: 3, red: 6 },
    ]);
  });

  it('one span when no birthday that matters falls inside; 70 and over is 5', () => {
    expect(thresholdSpans('1950-01-01', dayNumber('2024-01-01'), dayNumber('2026-01-01'), RULE_V1)).toEqual([
      { from: dayNumber('2024-01-01'), to: dayNumber('2026-01-01'), amber: 5, red: 10 },
    ]);
  });

  it('a 29 February birthday steps on 1 March in a common year', () => {
    const [, second] = thresholdSpans('1964-02-29', dayNumber('2013-01-01'), dayNumber('2015-01-01'), RULE_V1);
    expect(second?.from).toBe(dayNumber('2014-03-01'));
    expect(second?.amber).toBe(2);
  });
});

describe('monthTicks', () => {
  it('month and year on every tick, from his first result’s month, spaced at least as asked', () => {
    expect(monthTicks(dayNumber('2026-02-15'), dayNumber('2026-05-20'), 20).map((t) => t.label)).toEqual(['Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026']);
    // Results from September 2024 to November 2026 on a narrow chart: yearly steps, never a bare year, never one lone tick.
    const long = monthTicks(dayNumber('2024-09-12'), dayNumber('2027-01-20'), 250);
    expect(long.map((t) => t.label)).toEqual(['Sep 2024', 'Sep 2025', 'Sep 2026']);
    const decade = monthTicks(dayNumber('2016-06-01'), dayNumber('2026-08-01'), 700);
    expect(decade.map((t) => t.label)).toEqual(['Jun 2016', 'Jun 2021', 'Jun 2026']);
    for (const ticks of [long, decade]) {
      for (let i = 1; i < ticks.length; i += 1) expect(ticks[i]!.day - ticks[i - 1]!.day).toBeGreaterThanOrEqual(250);
    }
  });
});

describe('psaChart', () => {
  // Born 1 June 1961: 62 to 64 across the results, so amber from 3 and red from 6 ng/ml.
  const demo = [
    { date: '2026-03-12', value: 8.7, band: 'red' as const },
    { date: '2024-03-14', value: 0.9, band: 'green' as const },
    { date: '2025-03-13', value: 3.4, band: 'amber' as const },
  ];

  it('plots his values by date, oldest first, each with its band and label', () => {
    const chart = psaChart(demo, '1961-06-01', RULE_V1, 600, 300);
    expect(chart.points.map((p) => [p.date, p.label, p.band])).toEqual([
      ['2024-03-14', '0.9', 'green'],
      ['2025-03-13', '3.4', 'amber'],
      ['2026-03-12', '8.7', 'red'],
    ]);
    const [a, b, c] = chart.points;
    expect(a!.x).toBeLessThan(b!.x);
    expect(b!.x).toBeLessThan(c!.x);
    expect(c!.y).toBeLessThan(b!.y);
    for (const p of chart.points) {
      expect(p.x).toBeGreaterThan(chart.plot.left);
      expect(p.x).toBeLessThan(chart.plot.right);
    }
  });

  it('scales y from 0 to a round number above the highest value and the red line', () => {
    const chart = psaChart(demo, '1961-06-01', RULE_V1, 600, 300);
    expect(chart.yMax).toBe(15);
    expect(chart.yTicks.map((t) => t.label)).toEqual(['0', '5', '10', '15']);
    expect(chart.yTicks[0]!.at).toBe(chart.plot.bottom);
    expect(chart.yTicks[3]!.at).toBe(chart.plot.top);
    const low = psaChart([{ date: '2026-01-01', value: 0.4, band: 'green' }], '1980-01-01', RULE_V1);
    // In his 40s red starts at 2: the axis still reaches above it.
    expect(low.yMax).toBeGreaterThanOrEqual(2);
    expect(low.thresholds.map((t) => [t.kind, t.value])).toEqual([
      ['amber', 1],
      ['red', 2],
    ]);
  });

  it('draws the bands for his age behind the points: green, amber and red stacked, thresholds at their values', () => {
    const chart = psaChart(demo, '1961-06-01', RULE_V1, 600, 300);
    expect(chart.bands.map((b) => b.band)).toEqual(['green', 'amber', 'red']);
    const y = (v: number) => chart.plot.bottom - (v / chart.yMax) * (chart.plot.bottom - chart.plot.top);
    const [green, amber, red] = chart.bands;
    expect(green!.y).toBeCloseTo(y(3));
    expect(green!.y + green!.height).toBeCloseTo(chart.plot.bottom);
    expect(amber!.y).toBeCloseTo(y(6));
    expect(red!.y).toBeCloseTo(chart.plot.top);
    expect(chart.thresholds.map((t) => [t.kind, t.value, t.y])).toEqual([
      ['amber', 3, y(3)],
      ['red', 6, y(6)],
    ]);
    expect(green!.x).toBe(chart.plot.left);
    expect(green!.x + green!.width).toBeCloseTo(chart.plot.right);
  });

  it('a point keeps the band it was given, whatever the rule behind it says now', () => {
    // 4.5 at 64 was red when saved under a rule with red at 4; today's rule (version 1) draws red from 6.
    const chart = psaChart([{ date: '2026-01-01', value: 4.5, band: 'red' }], '1961-06-01', RULE_V1);
    expect(chart.points[0]!.band).toBe('red');
    expect(chart.thresholds.map((t) => [t.kind, t.value])).toEqual([
      ['amber', 3],
      ['red', 6],
    ]);
  });

  it('draws the background by the rule it is given', () => {
    const proposed = { ...RULE_V1, amber_from: { ...RULE_V1.amber_from, age_60s: 3.5 }, red_factor: 1.5 };
    const chart = psaChart([{ date: '2026-01-01', value: 4.5, band: 'amber' }], '1961-06-01', proposed);
    expect(chart.thresholds.map((t) => [t.kind, t.value])).toEqual([
      ['amber', 3.5],
      ['red', 5.25],
    ]);
  });

  it('steps the bands where he turns 60 between two results', () => {
    const chart = psaChart(
      [
        { date: '2025-01-10', value: 2.5, band: 'amber' },
        { date: '2026-09-10', value: 2.5, band: 'green' },
      ],
      '1966-05-10',
      RULE_V1,
    );
    expect(chart.points.map((p) => p.band)).toEqual(['amber', 'green']);
    expect(chart.thresholds.filter((t) => t.kind === 'amber').map((t) => t.value)).toEqual([2, 3]);
  });

  it('one result: a single point in the middle', () => {
    const chart = psaChart([{ date: '2026-03-12', value: 0.9, band: 'green' }], '1961-06-01', RULE_V1, 360, 240);
    expect(chart.points).toHaveLength(1);
    expect(chart.points[0]!.x).toBeCloseTo((chart.plot.left + chart.plot.right) / 2);
    expect(chart.xTicks.map((t) => t.label)[0]).toBe('Mar 2026');
  });

  it('without a date of birth or a rule: no bands behind, the values still plotted', () => {
    for (const chart of [psaChart(demo, null, RULE_V1), psaChart(demo, '1961-06-01', null)]) {
      expect(chart.bands).toEqual([]);
      expect(chart.thresholds).toEqual([]);
      expect(chart.yMax).toBe(15);
    }
  });

  it('every word inside the chart and clear of every other, the newest value beside the red band’s word', () => {
    const readings = [
      { date: '2024-09-12', value: 0.9, band: 'green' as const },
      { date: '2025-09-18', value: 3.4, band: 'amber' as const },
      { date: '2025-12-04', value: 4.1, band: 'amber' as const },
      { date: '2026-11-19', value: 8.7, band: 'red' as const },
    ];
    for (const width of [280, 300, 346, 600]) {
      const chart = psaChart(readings, '1961-06-01', RULE_V1, width, width < 480 ? 240 : 300);
      const words: [TextKind, ReturnType<typeof labelBox>][] = [
        ...[...chart.text.xTicks, ...chart.text.yTicks, chart.text.unit].map((t) => ['tick', labelBox(t, 'tick')] as [TextKind, ReturnType<typeof labelBox>]),
        ...chart.text.points.map((t) => ['point', labelBox(t, 'point')] as [TextKind, ReturnType<typeof labelBox>]),
        ...chart.text.bands.map((t) => ['zone', labelBox(t, 'zone')] as [TextKind, ReturnType<typeof labelBox>]),
      ];
      expect(chart.text.points.map((t) => t.text)).toEqual(['0.9', '3.4', '4.1', '8.7']);
      expect(chart.text.bands.map((t) => t.text)).toEqual(['Green', 'Amber', 'Red']);
      expect(chart.text.xTicks.length).toBeGreaterThanOrEqual(3);
      for (const [, box] of words) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
        expect(box.bottom).toBeLessThanOrEqual(chart.height);
      }
      for (let i = 0; i < words.length; i += 1) {
        for (let j = i + 1; j < words.length; j += 1) expect(overlaps(words[i]![1], words[j]![1]), `${width}: ${i} and ${j}`).toBe(false);
      }
    }
  });

  it('ten results over six years: every word inside and clear of every other, every band named, the ticks reaching the newest result', () => {
    const readings = TEN_OVER_SIX_YEARS.map(([date, value, band]) => ({ date, value, band }));
    // A narrow chart's amber band is a thin strip crossed by five markers: its word must still find a place.
    for (const width of [280, 290, 300, 310, 330, 350, 372, 600]) {
      const chart = psaChart(readings, '1968-07-07', RULE_V1, width, width < 480 ? 240 : 300);
      const words = [
        ...[...chart.text.xTicks, ...chart.text.yTicks, chart.text.unit].map((t) => labelBox(t, 'tick')),
        ...chart.text.points.map((t) => labelBox(t, 'point')),
        ...chart.text.bands.map((t) => labelBox(t, 'zone')),
      ];
      expect(chart.text.points.map((t) => t.text)).toEqual(readings.map((r) => String(r.value)));
      expect(chart.text.bands.map((t) => t.text), `${width}`).toEqual(['Green', 'Amber', 'Red']);
      expect(chart.xTicks[0]!.label).toBe('Nov 2020');
      expect(chart.xTicks.at(-1)!.label, `${width}: ${chart.xTicks.map((t) => t.label).join(', ')}`).toBe('Nov 2026');
      // Within a millionth of a pixel: sums of scaled positions carry floating-point noise.
      for (const box of words) {
        expect(box.left).toBeGreaterThanOrEqual(-1e-6);
        expect(box.right).toBeLessThanOrEqual(width + 1e-6);
        expect(box.top).toBeGreaterThanOrEqual(-1e-6);
        expect(box.bottom).toBeLessThanOrEqual(chart.height + 1e-6);
      }
      for (let i = 0; i < words.length; i += 1) {
        for (let j = i + 1; j < words.length; j += 1) expect(overlaps(words[i]!, words[j]!), `${width}: ${i} and ${j}`).toBe(false);
      }
    }
  });

  it('a tick on his newest result\'s month when the step from his first would stop short of it', () => {
    // Nov 2020 to Nov 2026 on a narrow chart: a 60-month step gave Nov 2020 and Nov 2025 only.
    const ticks = monthTicks(dayNumber('2020-11-14'), dayNumber('2027-03-01'), 1000, dayNumber('2026-11-19'));
    expect(ticks.map((t) => t.label)).toEqual(['Nov 2020', 'Nov 2023', 'Nov 2026']);
    for (let i = 1; i < ticks.length; i += 1) expect(ticks[i]!.day - ticks[i - 1]!.day).toBeGreaterThanOrEqual(1000);
    // A step that already reaches it is kept.
    expect(monthTicks(dayNumber('2024-09-12'), dayNumber('2027-01-20'), 250, dayNumber('2026-09-20')).map((t) => t.label)).toEqual(['Sep 2024', 'Sep 2025', 'Sep 2026']);
  });
});

/** Ten results over six years, rising from green through amber to red, for a man in his 50s throughout (as tests/e2e/member-pages-phone.spec.ts gives the demo member). */
const TEN_OVER_SIX_YEARS: [string, number, 'green' | 'amber' | 'red'][] = [
  ['2020-11-14', 0.9, 'green'], ['2021-06-05', 1.1, 'green'], ['2021-12-11', 1.4, 'green'], ['2022-06-18', 1.9, 'green'],
  ['2023-01-21', 2.3, 'amber'], ['2023-08-12', 2.1, 'amber'], ['2024-03-09', 2.8, 'amber'], ['2025-01-18', 3.4, 'amber'],
  ['2025-09-20', 4.1, 'amber'], ['2026-11-19', 8.7, 'red'],
];
