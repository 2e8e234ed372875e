/**
 * "PSA over time": his values by date as an SVG line over the bands for
 * his age (geometry and the place of every word from
 * src/domain/psa-chart.ts, so no label meets another or leaves the chart), each point
 * labelled with its value and marked by a shape per band (circle green,
 * diamond amber, square red), so colour is never the only cue; the same
 * numbers as a table for screen readers; a sentence for one result. Drawn
 * from the results already on the page, so it reads offline as they do.
 * Each point's shape is the band the result was given when saved; the
 * bands behind are today's rule for his age (docs/rules.md#clinical-rules).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { formatLongDate } from '@/domain/format';
import { PSA_BAND_TEXT, PSA_UNIT, type BandRule, type PsaBand } from '@/domain/psa-band';
import { psaChart, type ChartPoint, type PsaReading } from '@/domain/psa-chart';
import './psa-history.css';

const BAND_WORD: Record<PsaBand, string> = { green: 'Green', amber: 'Amber', red: 'Red' };

/** The chart's width in CSS pixels, so its text stays at its size on a phone and on a desktop alike. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setWidth(Math.max(280, Math.round(node.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function Marker({ point }: { point: ChartPoint }) {
  const { x, y, band } = point;
  if (band === 'red') return <rect className="psa-marker psa-marker-red" x={x - 6} y={y - 6} width={12} height={12} />;
  if (band === 'amber') return <path className="psa-marker psa-marker-amber" d={`M${x} ${y - 8}L${x + 8} ${y}L${x} ${y + 8}L${x - 8} ${y}Z`} />;
  return <circle className={`psa-marker psa-marker-${band ?? 'none'}`} cx={x} cy={y} r={6} />;
}

function describe(points: ChartPoint[]): string {
  const last = points[points.length - 1]!;
  const band = last.band ? `, ${BAND_WORD[last.band].toLowerCase()}` : '';
  return `PSA over time: ${points.length} result${points.length === 1 ? '' : 's'}, the latest ${last.label} ${PSA_UNIT} on ${formatLongDate(last.date)}${band}. The table after the chart has every value.`;
}

export function PsaHistory({ readings, dateOfBirth, rule }: { readings: PsaReading[]; dateOfBirth: string | null | undefined; rule: BandRule | null }) {
  const [ref, width] = useWidth();
  if (readings.length === 0) return null;
  const height = width < 480 ? 240 : 300;
  const chart = psaChart(readings, dateOfBirth, rule, width, height);
  const { plot, points } = chart;
  const only = points.length === 1 ? points[0]! : null;
  return (
    <section className="psa-history card" aria-labelledby="psa-history-title">
      <h2 id="psa-history-title">PSA over time</h2>
      {only ? (
        <p>
          You have one result so far: {only.label} {PSA_UNIT} on {formatLongDate(only.date)}
          {only.band ? `, ${PSA_BAND_TEXT[only.band].label.toLowerCase()}` : ''}. Each new result will join it here as a line.
        </p>
      ) : (
        <p>
          Your PSA values by date, with today&rsquo;s bands for your age behind them. Each result keeps the band it was given when it
          was tested.
        </p>
      )}
      <div className="psa-chart" ref={ref}>
        <svg width={chart.width} height={chart.height} viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={describe(points)}>
          {chart.bands.map((b, i) => (
            <rect key={i} className={`psa-zone psa-zone-${b.band}`} x={b.x} y={b.y} width={b.width} height={b.height} />
          ))}
          {chart.thresholds.map((t, i) => (
            <line key={i} className={`psa-threshold psa-threshold-${t.kind}`} x1={t.x1} x2={t.x2} y1={t.y} y2={t.y} />
          ))}
          {chart.text.bands.map((t) => (
            <text key={t.band} className="psa-zone-label" x={t.x} y={t.y} textAnchor={t.anchor}>
              {t.text}
            </text>
          ))}
          <line className="psa-axis" x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} />
          <line className="psa-axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
          {[...chart.text.yTicks, chart.text.unit, ...chart.text.xTicks].map((t) => (
            <text key={`${t.x},${t.y}`} className="psa-tick" x={t.x} y={t.y} textAnchor={t.anchor}>
              {t.text}
            </text>
          ))}
          {chart.xTicks.map((t) => (
            <line key={t.label} className="psa-axis" x1={t.at} x2={t.at} y1={plot.bottom} y2={plot.bottom + 5} />
          ))}
          {points.length > 1 && <polyline className="psa-line" points={points.map((p) => `${p.x},${p.y}`).join(' ')} />}
          {points.map((p, i) => {
            const label = chart.text.points[i]!;
            return (
              <g key={`${p.date}-${p.value}`}>
                <Marker point={p} />
                <text className="psa-point-label" x={label.x} y={label.y} textAnchor={label.anchor}>
                  {label.text}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      {!dateOfBirth && <p>Add your date of birth to your profile to see the bands for your age.</p>}
      <div className="visually-hidden">
      <table>
        <caption>Your PSA results by date</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">PSA ({PSA_UNIT})</th>
            <th scope="col">Band</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={`${p.date}-${p.value}`}>
              <td>{formatLongDate(p.date)}</td>
              <td>{p.label}</td>
              <td>{p.band ? PSA_BAND_TEXT[p.band].label : 'Not known'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  );
}
