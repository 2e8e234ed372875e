/**
 * A clinical rule's versions on the Clinical rules page
 * (docs/rules.md#clinical-rules): one version's bands by age and when men
 * are asked back, as tables, and the history of every version saved (who,
 * when, why), newest first.
 */
import { RULE_AGE_BANDS, type ClinicalRule, type ClinicalRuleVersion } from '@/domain/clinical-rule';
import { formatLongDate } from '@/domain/format';
import { londonDate, londonTime } from '@/domain/london-time';
import { amberThreshold, PSA_UNIT, redThreshold } from '@/domain/psa-band';

/** Who saved a version and when, in London time. */
export function savedBy(version: ClinicalRuleVersion): string {
  const at = new Date(version.created_at);
  return `${version.created_by ? `Saved by ${version.created_by}` : 'Set up with the site'} on ${formatLongDate(londonDate(at))} at ${londonTime(at)}`;
}

export function RuleSummary({ rule }: { rule: ClinicalRule }) {
  return (
    <>
      <table className="staff-table">
        <caption>PSA bands by age</caption>
        <thead>
          <tr>
            <th scope="col">Age</th>
            <th scope="col">Amber from</th>
            <th scope="col">Red from</th>
          </tr>
        </thead>
        <tbody>
          {RULE_AGE_BANDS.map((band) => {
            const age = Math.max(band.fromAge, 40);
            return (
              <tr key={band.key}>
                <th scope="row">{band.label}</th>
                <td>
                  {amberThreshold(age, rule)} {PSA_UNIT}
                </td>
                <td>
                  {redThreshold(age, rule)} {PSA_UNIT}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="staff-table">
        <caption>Next test</caption>
        <tbody>
          <tr>
            <th scope="row">Green, high risk</th>
            <td>{rule.green_months.high} months</td>
          </tr>
          <tr>
            <th scope="row">Green, intermediate risk</th>
            <td>{rule.green_months.intermediate} months</td>
          </tr>
          <tr>
            <th scope="row">Green, low risk</th>
            <td>{rule.green_months.low} months</td>
          </tr>
          <tr>
            <th scope="row">Amber</th>
            <td>Repeat in {rule.amber_months} months</td>
          </tr>
          <tr>
            <th scope="row">Red</th>
            <td>See a GP; reminder after {rule.red_gp_prompt_days} days</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

export function RuleHistory({ history }: { history: ClinicalRuleVersion[] }) {
  return (
    <section className="card rule-history" aria-labelledby="rule-history-title">
      <h2 id="rule-history-title">History</h2>
      <ol className="rule-versions" reversed>
        {history.map((v, i) => (
          <li key={v.version}>
            <h3>
              Version {v.version}
              {i === 0 && <span className="staff-tag">In use</span>}
            </h3>
            <p>{savedBy(v)}</p>
            <p className="rule-reason">{v.reason}</p>
            {i > 0 && (
              <details>
                <summary>Its values</summary>
                <RuleSummary rule={v.rule} />
              </details>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
