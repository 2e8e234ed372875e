/**
 * /staff/clinical-rules (docs/rules.md#clinical-rules): the PSA band
 * thresholds and recall intervals results are banded by now, beside every
 * version saved (who, when, why); and the form for a new version, checked by
 * the rule the server applies (src/domain/clinical-rule.ts), with the
 * example tables (src/features/staff/components/rule-example-tables.tsx)
 * showing, before it is saved, the band each example value gets now and
 * under the proposal, the changes marked in words as well as colour. The
 * save names the version the form was started from, so a colleague's change
 * made meanwhile is never undone unseen (the server answers 409). Only a
 * clinical or admin account may save; the server refuses anyone else (403),
 * and the page says so.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { clinicalRuleSchema, RULE_AGE_BANDS, RULE_REASON_MAX, type ClinicalRule, type ClinicalRuleVersion } from '@/domain/clinical-rule';
import { check, type SchemaIssue } from '@/domain/schema-kit';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Spinner } from '@/lib/ui/spinner';
import { useClinicalRules, useSaveRule } from '../api/clinical-rules';
import { RequireStaff } from '../components/require-staff';
import { RuleExampleTables } from '../components/rule-example-tables';
import { RuleHistory, RuleSummary, savedBy } from '../components/rule-versions';
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
        <RuleExampleTables current={current.rule} proposed={proposed} />
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
        <Link className="staff-link" to={paths.staff}>Back to events</Link>
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
              <p>{savedBy(rules.data.current)}.</p>
              <RuleSummary rule={rules.data.current.rule} />
            </section>
            <RuleHistory history={rules.data.history} />
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
