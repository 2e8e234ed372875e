/**
 * What a proposed clinical rule would do, on the Clinical rules page
 * (docs/rules.md#clinical-rules): for an age in each age band, the band of
 * each example value (src/domain/rule-examples.ts) under the rule in use
 * and under the proposal, a change marked in words ("Changes") as well as
 * colour, and how many change said once above the tables.
 */
import { ageBandOf, type ClinicalRule } from '@/domain/clinical-rule';
import { PSA_BAND_TEXT, PSA_UNIT, type PsaBand } from '@/domain/psa-band';
import { changedCount, exampleBands, EXAMPLE_AGES } from '@/domain/rule-examples';

const bandWord = (band: PsaBand) => PSA_BAND_TEXT[band].label.split(':')[0]!;

export function RuleExampleTables({ current, proposed }: { current: ClinicalRule; proposed: ClinicalRule | null }) {
  const rows = exampleBands(current, proposed);
  const changes = changedCount(rows);
  const total = rows.reduce((n, r) => n + r.cells.length, 0);
  return (
    <section className="rule-examples" aria-labelledby="rule-examples-title">
      <h3 id="rule-examples-title">What the change would do</h3>
      {proposed ? (
        <p role="status" className={changes > 0 ? 'rule-changes' : undefined}>
          {changes === 0
            ? `None of the ${total} example values changes band.`
            : `${changes} of the ${total} example values ${changes === 1 ? 'changes' : 'change'} band, marked “Changes” below.`}
        </p>
      ) : (
        <p role="status">Correct the values above to see what they would do; until then the table shows the rule in use.</p>
      )}
      <div className="rule-example-tables">
        {rows.map((row) => (
          <table key={row.age} className="staff-table rule-example-table">
            <caption>
              At {row.age} ({ageBandOf(row.age).label.toLowerCase()})
            </caption>
            <colgroup>
              <col className="rule-example-value" />
              <col className="rule-example-now" />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">PSA ({PSA_UNIT})</th>
                <th scope="col">Now</th>
                <th scope="col">Proposed</th>
              </tr>
            </thead>
            <tbody>
              {row.cells.map((cell) => (
                <tr key={cell.value} className={cell.changed ? 'rule-example-changed' : undefined}>
                  <th scope="row">{cell.value}</th>
                  <td>
                    <span className={`rule-band rule-band-${cell.current}`}>{bandWord(cell.current)}</span>
                  </td>
                  <td>
                    {cell.proposed ? (
                      <>
                        <span className={`rule-band rule-band-${cell.proposed}`}>{bandWord(cell.proposed)}</span>
                        {cell.changed && <strong className="rule-change-mark">Changes</strong>}
                      </>
                    ) : (
                      'Not known'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p className="hint">Ages {EXAMPLE_AGES.join(', ')}: one in each age band. A value on a line is in the higher band.</p>
    </section>
  );
}
