/**
 * When this man's next PSA test is due after this result (docs/decisions/0017):
 * the date the rule gives, the date now stored, and staff's own interval
 * (1 to 60 whole months from the sample) or back to the rule. Needs a
 * connection; the answer, or what went wrong, is announced.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatLongDate } from '@/domain/format';
import { parseRecallMonths, RECALL_OVERRIDE_MAX_MONTHS, RECALL_OVERRIDE_MIN_MONTHS } from '@/domain/recall';
import { attendeeName, type Attendee } from '@/domain/staff-attendees';
import { isNotSent } from '@/lib/not-sent';
import { useSaveRecall } from '../api/results';

const dueText = (date: string | null | undefined) => (date ? formatLongDate(date) : 'none (a red result means see a GP; with no date of birth there is no band)');

export function RecallForm({ userId, eventId, attendee }: { userId: string; eventId: string; attendee: Attendee }) {
  const save = useSaveRecall(userId, eventId);
  const id = useId();
  const recall = attendee.result?.recall;
  const override = recall?.months_override ?? null;
  const [choice, setChoice] = useState<'rule' | 'months'>(override === null ? 'rule' : 'months');
  const [months, setMonths] = useState(override === null ? '' : String(override));
  const [problem, setProblem] = useState<string | null>(null);
  const name = attendeeName(attendee);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    let chosen: number | null = null;
    if (choice === 'months') {
      const parsed = parseRecallMonths(months);
      if ('error' in parsed) {
        setProblem(parsed.error);
        return;
      }
      chosen = parsed.months;
    }
    setProblem(null);
    save.mutate({ appointmentId: attendee.appointment_id, months: chosen });
  };

  const failure = problem ?? (save.error ? (isNotSent(save.error) ? save.error.message : `Not saved: ${save.error.message}`) : null);
  return (
    <form className="recall-form" onSubmit={submit} aria-label={`Next test for ${name}`} noValidate>
      <fieldset>
        <legend>Next PSA test</legend>
        <p>
          By the rule: <strong>{dueText(recall?.rule_next_test_due)}</strong>.
          <br />
          Now due: <strong>{dueText(recall?.next_test_due)}</strong>
          {override !== null && ` (${override} ${override === 1 ? 'month' : 'months'} after the sample, set by staff)`}.
        </p>
        <div className="radio-row">
          <input id={`${id}-rule`} type="radio" name={`${id}-choice`} checked={choice === 'rule'} onChange={() => setChoice('rule')} />
          <label htmlFor={`${id}-rule`}>Use the rule</label>
        </div>
        <div className="radio-row">
          <input id={`${id}-months`} type="radio" name={`${id}-choice`} checked={choice === 'months'} onChange={() => setChoice('months')} />
          <label htmlFor={`${id}-months`}>Set another interval</label>
        </div>
        {choice === 'months' && (
          <label htmlFor={`${id}-count`} className="recall-months">
            Months after the sample ({RECALL_OVERRIDE_MIN_MONTHS} to {RECALL_OVERRIDE_MAX_MONTHS})
            <input
              id={`${id}-count`}
              inputMode="numeric"
              value={months}
              onChange={(e) => setMonths(e.target.value)}
              size={4}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </label>
        )}
      </fieldset>
      <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save next test'}
      </button>
      {failure && (
        <p className="form-failure" role="alert" id={`${id}-problem`}>
          {failure}
        </p>
      )}
      <p role="status" className="form-success">
        {save.isSuccess && !failure ? `Saved: the next test is due ${dueText(save.data.recall.next_test_due)}.` : ''}
      </p>
    </form>
  );
}
