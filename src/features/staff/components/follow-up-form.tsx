/**
 * What followed an amber or red result
 * (docs/decisions/0022-screening-statistics.md), beside the result on the
 * attendee list: one choice and Save. Green results show nothing here (the
 * server refuses them too). Needs a connection; the choice stays if sending
 * fails.
 */
import { useId, useState, type FormEvent } from 'react';
import { FOLLOW_UP_LABELS, FOLLOW_UP_OUTCOMES, isFollowUpOutcome, takesFollowUp } from '@/domain/follow-up';
import { attendeeName, type Attendee } from '@/domain/staff-attendees';
import { isNotSent } from '@/lib/not-sent';
import { useSaveFollowUp } from '../api/follow-up';

export function FollowUpForm({ userId, eventId, attendee }: { userId: string; eventId: string; attendee: Attendee }) {
  const save = useSaveFollowUp(userId, eventId);
  const id = useId();
  const recorded = attendee.result?.follow_up ?? null;
  const [choice, setChoice] = useState<string>(recorded ?? '');
  // The list may first come from the phone's saved copy: a newer answer (or another phone's save) moves the choice with it.
  const [shown, setShown] = useState(recorded);
  if (shown !== recorded) {
    setShown(recorded);
    setChoice(recorded ?? '');
  }
  if (!attendee.result || !takesFollowUp(attendee.result.band ?? null)) return null;
  const name = attendeeName(attendee);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ appointmentId: attendee.appointment_id, outcome: isFollowUpOutcome(choice) ? choice : null });
  };

  return (
    <form className="follow-up-form" onSubmit={submit} aria-label={`Follow-up for ${name}`}>
      <span className="print-only">Follow-up: {recorded ? FOLLOW_UP_LABELS[recorded] : 'not recorded'}</span>
      <label htmlFor={id} className="no-print">
        Follow-up<span className="visually-hidden"> for {name}</span>
      </label>
      <select id={id} className="no-print" value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">Not recorded</option>
        {FOLLOW_UP_OUTCOMES.map((outcome) => (
          <option key={outcome} value={outcome}>
            {FOLLOW_UP_LABELS[outcome]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small no-print" disabled={save.isPending || choice === (recorded ?? '')}>
        Save<span className="visually-hidden"> follow-up for {name}</span>
      </button>
      <span role="status" className="no-print">
        {save.isSuccess && choice === (recorded ?? '') ? 'Follow-up saved.' : ''}
      </span>
      {save.error && (
        <p className="form-failure" role="alert">
          {isNotSent(save.error) ? save.error.message : `Not saved: ${save.error.message}`}
        </p>
      )}
    </form>
  );
}
