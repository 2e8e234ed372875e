/**
 * A PSA result for one attendee: the value (ng/ml) and a comment, with
 * the band it will show the member before saving: the current clinical
 * rule's (docs/rules.md#clinical-rules), which the server bands it by when
 * it is saved. Needs a connection; what was typed stays if sending fails. A
 * man whose blood was labelled is found by his tube (result-by-sample.tsx),
 * and the form sends that sample id; opened from his name instead, the
 * server asks for it.
 */
import { useId, useState, type FormEvent } from 'react';
import { parsePsaValue, psaBand } from '@/domain/psa-band';
import { attendeeName, type Attendee } from '@/domain/staff-attendees';
import { isNotSent } from '@/lib/not-sent';
import { PsaBandBadge } from '@/lib/ui/psa-band-badge';
import { useSaveResult } from '../api/results';
import { useClinicalRules } from '../api/clinical-rules';

export function ResultForm({
  userId,
  eventId,
  attendee,
  sampleId = null,
  onSaved,
  onDone,
}: {
  userId: string;
  eventId: string;
  attendee: Attendee;
  /** The tube's sample id the form was opened from: sent with the result, which the server refuses unless it is his. */
  sampleId?: string | null;
  /** Called once the result is saved, before onDone. */
  onSaved?: () => void;
  /** Called when the form closes: saved, or Close tapped. */
  onDone: () => void;
}) {
  const save = useSaveResult(userId, eventId);
  const id = useId();
  const [value, setValue] = useState(attendee.result ? String(attendee.result.test_result) : '');
  const [comment, setComment] = useState(attendee.result?.comments ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const parsed = value.trim() ? parsePsaValue(value) : null;
  const rule = useClinicalRules(userId).data?.current.rule ?? null;
  const preview = parsed && 'value' in parsed && rule ? psaBand(parsed.value, attendee.age, rule) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = parsePsaValue(value);
    if ('error' in checked) {
      setProblem(checked.error);
      return;
    }
    setProblem(null);
    save.mutate(
      // The result shown is the one this corrects: one saved or changed meanwhile refuses the save, never replaced unseen.
      { appointmentId: attendee.appointment_id, value, comment, sampleId, replaces: attendee.result?.test_result ?? null },
      {
        onSuccess: () => {
          onSaved?.();
          onDone();
        },
      },
    );
  };

  const failure = problem ?? (save.error ? (isNotSent(save.error) ? save.error.message : `Not saved: ${save.error.message}`) : null);
  return (
    <form className="result-form" onSubmit={submit} aria-label={`Result for ${attendeeName(attendee)}`} noValidate>
      <label htmlFor={`${id}-value`}>
        PSA (ng/ml)
        <input id={`${id}-value`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} size={8} />
      </label>
      <label htmlFor={`${id}-comment`}>
        Comment for the member
        <input id={`${id}-comment`} value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} size={30} />
      </label>
      <PsaBandBadge band={preview} withAdvice={false} />
      {attendee.age === null && <span className="hint">No date of birth on file, so no band.</span>}
      <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
        Save result
      </button>
      <button type="button" className="button button-small" onClick={onDone}>
        Close
      </button>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
