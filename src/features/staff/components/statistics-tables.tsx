/**
 * The year's screening figures as staff read them: a summary, then one
 * small table per breakdown (a 360 px phone shows each whole; long group
 * names wrap). Hidden counts, zeros among them, say "not shown"
 * (src/domain/small-numbers.ts, docs/decisions/0035).
 */
import { FOLLOW_UP_LABELS } from '@/domain/follow-up';
import { PSA_BAND_TEXT } from '@/domain/psa-band';
import type { GroupFigures, ScreeningFigures } from '@/domain/screening-stats';
import { shownText } from '@/domain/small-numbers';

const NOT_SHOWN = 'not shown';

function GroupTable({ caption, groups, first }: { caption: string; groups: GroupFigures[]; first: string }) {
  if (groups.length === 0) return null;
  return (
    <table className="staff-table statistics-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Tests</th>
          <th scope="col">Abnormal</th>
          <th scope="col">Rate</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.group}>
            <th scope="row">{g.label}</th>
            <td>{shownText(g.tests)}</td>
            <td>{shownText(g.abnormal)}</td>
            <td>{g.abnormal_rate ?? NOT_SHOWN}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StatisticsTables({ figures }: { figures: ScreeningFigures }) {
  const f = figures.follow_up;
  return (
    <>
      <dl className="statistics-summary">
        <div>
          <dt>Men screened</dt>
          <dd>{shownText(figures.men_screened)}</dd>
        </div>
        <div>
          <dt>Tests</dt>
          <dd>{shownText(figures.tests)}</dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>{figures.events}</dd>
        </div>
        <div>
          <dt>Abnormal results (amber and red)</dt>
          <dd>
            {shownText(figures.abnormal)}
            {figures.abnormal_rate && ` (${figures.abnormal_rate})`}
          </dd>
        </div>
        <div>
          <dt>Cancers found</dt>
          <dd>
            {shownText(f.cancers)}: {shownText(f.radical)} radical treatment, {shownText(f.surveillance)} surveillance
          </dd>
        </div>
      </dl>
      <table className="staff-table statistics-table">
        <caption>Results by band</caption>
        <thead>
          <tr>
            <th scope="col">Band</th>
            <th scope="col">Results</th>
          </tr>
        </thead>
        <tbody>
          {(['green', 'amber', 'red'] as const).map((band) => (
            <tr key={band}>
              <th scope="row">{PSA_BAND_TEXT[band].label}</th>
              <td>{shownText(figures.bands[band])}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">No band (no date of birth)</th>
            <td>{shownText(figures.bands.no_band)}</td>
          </tr>
        </tbody>
      </table>
      <GroupTable caption="By age band (age at the sample)" groups={figures.by_age} first="Age" />
      <GroupTable caption="By ethnicity" groups={figures.by_ethnicity} first="Ethnicity" />
      <GroupTable caption="By event type" groups={figures.by_event_type} first="Event type" />
      <table className="staff-table statistics-table">
        <caption>What followed the abnormal results</caption>
        <thead>
          <tr>
            <th scope="col">Outcome</th>
            <th scope="col">Results</th>
          </tr>
        </thead>
        <tbody>
          {f.outcomes.map((o) => (
            <tr key={o.outcome}>
              <th scope="row">{o.outcome === 'not_recorded' ? o.label : FOLLOW_UP_LABELS[o.outcome]}</th>
              <td>{shownText(o.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
