/**
 * /staff/clinical-rules (docs/rules.md#clinical-rules): the PSA band
 * thresholds and recall intervals results are banded by now, beside every
 * version saved (who, when, why); and the form for a new version, checked by
 * the rule the server applies (src/domain/clinical-rule.ts), with the
 * example table (src/domain/rule-examples.ts) showing, before it is saved,
 * the band each example value gets now and under the proposal, the changes
 * marked in words as well as colour. The save names the version the form
 * was started from, so a colleague's change made meanwhile is never undone
 * unseen (the server answers 409). Only a clinical or admin account may
 * save; the server refuses anyone else (403), and the page says so.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ageBandOf, clinicalRuleSchema, RULE_AGE_BANDS, RULE_REASON_MAX, type ClinicalRule, type ClinicalRuleVersion } from '@/domain/clinical-rule';
import { formatLongDate } from '@/domain/format';
import { londonDate, londonTime } from '@/domain/london-time';
import { amberThreshold, PSA_BAND_TEXT, PSA_UNIT, redThreshold, type PsaBand } from '@/domain/psa-band';
import { changedCount, exampleBands, EXAMPLE_AGES } from '@/domain/rule-examples';
import { check, type SchemaIssue } from '@/domain/schema-kit';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Spinner } from '@/lib/ui/spinner';
import { useClinicalRules, useSaveRule } from '../api/clinical-rules';
import { RequireStaff } from '../components/require-staff';
import '../staff.css';
import '../clinical-rules.css';

type Values = Record<string, string>;

/** The form's fields, by the rule's paths ('amber_from.age_50s'), with their labels. */
const FIELDS: { legend: string; hint: string; fields: { path: string; label: string; decimal?: boolean }[] }[] = [
  {
    legend: 'Amber starts at (ng/ml)',
    hint: 'A value on the line is amber. At most two decimals.',
    fields: RULE_AGE_BANDS.map((band) => ({ path: `amber_from.${band.key}`, label: band.label, decimal: true })),
  },
  {
    legend: 'Red starts at',
    hint: 'The amber line times this factor (2 makes red start at twice the amber line). More than 1.',
    fields: [{ path: 'red_factor', label: 'Red factor', decimal: true }],
  },
  {
    legend: 'Next test after a green result (months)',
    hint: 'Whole months, 1 to 60; higher risk no later than lower risk.',
    fields: [
      { path: 'green_months.high', label: 'High risk' },
      { path: 'green_months.intermediate', label: 'Intermediate risk' },
      { path: 'green_months.low', label: 'Low risk' },
    ],
  },
  {
    legend: 'After an amber or red result',
    hint: 'Amber: a repeat test in whole months, no later than a green result of high risk. Red: days to the reminder asking whether he has seen his GP, 7 to 183.',
    fields: [
      { path: 'amber_months', label: 'Amber: repeat test (months)' },
      { path: 'red_gp_prompt_days', label: 'Red: GP reminder (days)' },
    ],
  },
];
const PATHS = FIELDS.flatMap((f) => f.fields.map((field) => field.path));

const valuesOf = (rule: ClinicalRule): Values =>
  Object.fromEntries(PATHS.map((path) => [path, String(path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], rule))]));

/** The typed values as a rule: a number where the text is one, else the text itself, which the rule's check refuses by name. */
function ruleOf(values: Values): unknown {
  const rule: Record<string, unknown> = {};
  for (const path of PATHS) {
    const text = (values[path] ?? '').trim();
    const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail) rule[head] = { ...(rule[head] as object), [tail]: value };
    else rule[head] = value;
  }
  return rule;
}

const when = (iso: string) => {
  const at = new Date(iso);
  return `${formatLongDate(londonDate(at))} at ${londonTime(at)}`;
};

const bandWord = (band: PsaBand) => PSA_BAND_TEXT[band].label.split(':')[0]!;

function RuleSummary({ rule }: { rule: ClinicalRule }) {
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

function History({ history }: { history: ClinicalRuleVersion[] }) {
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
            <p>
              {v.created_by ? `Saved by ${v.created_by}` : 'Set up with the site'} on {when(v.created_at)}
            </p>
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

function Examples({ current, proposed }: { current: ClinicalRule; proposed: ClinicalRule | null }) {
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

function NewVersion({ userId, current }: { userId: string; current: ClinicalRuleVersion }) {
  const id = useId();
  const save = useSaveRule(userId);
  // The version the form was started from: sent with the save, and kept after a refusal until staff start again.
  const [basedOn, setBasedOn] = useState(current);
  const [values, setValues] = useState<Values>(() => valuesOf(current.rule));
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<SchemaIssue[]>([]);
  const [saved, setSaved] = useState<number | null>(null);
  const checked = check(clinicalRuleSchema, ruleOf(values));
  const proposed = checked.ok ? checked.value : null;
  const serverIssues = save.error instanceof ApiError ? save.error.issues.map((i) => ({ path: i.path.replace(/^rule\./, ''), message: i.message })) : [];
  const shown = issues.length > 0 ? issues : serverIssues;
  const issueOf = (path: string) => shown.find((i) => i.path === path)?.message;
  const outOfDate = save.error instanceof ApiError && save.error.status === 409;
  const refused = save.error instanceof ApiError && save.error.status === 403;

  const startAgain = () => {
    save.reset();
    setBasedOn(current);
    setValues(valuesOf(current.rule));
    setIssues([]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const found: SchemaIssue[] = checked.ok ? [] : [...checked.issues];
    if (reason.trim() === '') found.push({ path: 'reason', message: 'Give the reason for this change: it is kept with the version.' });
    setIssues(found);
    if (found.length > 0 || !checked.ok) return;
    save.mutate(
      { based_on_version: basedOn.version, rule: checked.value, reason: reason.trim() },
      {
        onSuccess: ({ saved: version }) => {
          setSaved(version.version);
          setBasedOn(version);
          setValues(valuesOf(version.rule));
          setReason('');
        },
      },
    );
  };

  const field = (path: string, label: string, decimal = false) => {
    const fieldId = `${id}-${path.replace('.', '-')}`;
    const error = issueOf(path);
    return (
      <label key={path} htmlFor={fieldId}>
        {label}
        <input
          id={fieldId}
          inputMode={decimal ? 'decimal' : 'numeric'}
          value={values[path] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onChange={(e) => setValues((v) => ({ ...v, [path]: e.target.value }))}
          size={6}
        />
        {error && (
          <span id={`${fieldId}-error`} className="form-field-error">
            {error}
          </span>
        )}
      </label>
    );
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Make a new version</h2>
      <p>
        Only the clinical lead (a clinical or admin account) can save a new version. It is used for results saved from then on; results
        already saved keep the band they were given. The table below shows what your change would do before you save it.
      </p>
      <p>Started from version {basedOn.version}.</p>
      {saved !== null && (
        <p role="status" className="form-success">
          Version {saved} saved. Results saved from now on are banded by it.
        </p>
      )}
      <form className="rule-form" onSubmit={submit} noValidate>
        {(shown.length > 0 || (save.error && !outOfDate)) && (
          <div className="form-failure" role="alert">
            {refused
              ? save.error!.message
              : shown.length > 0
                ? `Not saved: please correct ${shown.length === 1 ? 'the field' : `${shown.length} fields`} marked below. ${shown[0]!.message}`
                : `Not saved: ${save.error!.message}`}
          </div>
        )}
        {outOfDate && (
          <div className="form-failure" role="alert">
            <p>Not saved: {save.error!.message}</p>
            <button type="button" className="button" onClick={startAgain}>
              Start again from version {current.version}
            </button>
          </div>
        )}
        {FIELDS.map((group) => (
          <fieldset key={group.legend}>
            <legend>{group.legend}</legend>
            <p className="hint">{group.hint}</p>
            {group.fields.map((f) => field(f.path, f.label, f.decimal))}
          </fieldset>
        ))}
        <Examples current={current.rule} proposed={proposed} />
        <label htmlFor={`${id}-reason`} className="wide">
          Reason for the change (kept with the version)
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={RULE_REASON_MAX}
            value={reason}
            aria-invalid={issueOf('reason') ? true : undefined}
            aria-describedby={issueOf('reason') ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {issueOf('reason') && (
            <span id={`${id}-reason-error`} className="form-field-error">
              {issueOf('reason')}
            </span>
          )}
        </label>
        <div className="staff-toolbar">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            Save as version {basedOn.version + 1}
          </button>
        </div>
      </form>
    </section>
  );
}

function ClinicalRules({ userId }: { userId: string }) {
  const rules = useClinicalRules(userId);
  return (
    <div className="page staff-page">
      <p>
        <Link to={paths.staff}>Back to events</Link>
      </p>
      <h1>Clinical rules</h1>
      <p>
        The PSA bands by age and when each man is asked back. Every result keeps the band it was given and the version that gave it.
      </p>
      {rules.data ? (
        <>
          <div className="rule-columns">
            <section className="card" aria-labelledby="rule-current-title">
              <h2 id="rule-current-title">In use: version {rules.data.current.version}</h2>
              <p>
                {rules.data.current.created_by ? `Saved by ${rules.data.current.created_by}` : 'Set up with the site'} on {when(rules.data.current.created_at)}.
              </p>
              <RuleSummary rule={rules.data.current.rule} />
            </section>
            <History history={rules.data.history} />
          </div>
          <NewVersion userId={userId} current={rules.data.current} />
        </>
      ) : rules.error ? (
        <p className="form-failure" role="alert">
          {rules.error.message}
        </p>
      ) : (
        <Spinner label="Loading the clinical rules" />
      )}
    </div>
  );
}

export default function StaffClinicalRulesPage() {
  useDocumentTitle('Clinical rules');
  return <RequireStaff>{(member) => <ClinicalRules userId={member.userId} />}</RequireStaff>;
}
