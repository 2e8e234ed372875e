/**
 * "Emails you get" in the portal
 * (docs/decisions/0018-email-choices-and-unsubscribe.md): one box per optional
 * kind of email. Recall invitations and the newsletter start unticked: they are
 * asked for, never assumed. Saved with one button; offline, nothing is sent and
 * the boxes keep what was ticked.
 */
import { useState, type FormEvent } from 'react';
import { EMAIL_CHOICE_TEXT, EMAIL_CHOICES, type EmailChoices } from '@/domain/email-choices';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { useEmailChoices, useSaveEmailChoices } from '../api/email-choices';

function ChoicesForm({ saved, save }: { saved: EmailChoices; save: ReturnType<typeof useSaveEmailChoices> }) {
  const [choices, setChoices] = useState<EmailChoices>(saved);
  const changed = EMAIL_CHOICES.some((key) => choices[key] !== saved[key]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(choices);
  };
  return (
    <form className="email-choices" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Emails you get</legend>
        <p className="member-subtitle">Emails about what you do (a booking, a change, a cancellation, a result) always come.</p>
        {EMAIL_CHOICES.map((key) => (
          <div className="checkbox-row" key={key}>
            <input
              id={`email-choice-${key}`}
              type="checkbox"
              checked={choices[key]}
              aria-describedby={`email-choice-${key}-hint`}
              onChange={(e) => setChoices({ ...choices, [key]: e.target.checked })}
            />
            <label htmlFor={`email-choice-${key}`}>{EMAIL_CHOICE_TEXT[key].label}</label>
            <p className="hint" id={`email-choice-${key}-hint`}>
              {EMAIL_CHOICE_TEXT[key].hint}
            </p>
          </div>
        ))}
      </fieldset>
      <NotSentNotice error={save.error} onRetry={() => save.mutate(choices)} retrying={save.isPending} />
      <button type="submit" className="button button-primary" disabled={save.isPending || !changed}>
        {save.isPending ? 'Saving…' : 'Save email choices'}
      </button>
      {save.isSuccess && !changed && (
        <p role="status" className="form-success">
          Your email choices are saved.
        </p>
      )}
    </form>
  );
}

/** Shown under the member's details, once they have loaded (a member without a profile has no choices yet). */
export function EmailChoicesSection({ userId }: { userId: string }) {
  const choices = useEmailChoices(userId);
  // Here, not in the form: the form starts again from each new answer (a saved copy first, then the server's), and the "saved" line outlives that.
  const save = useSaveEmailChoices(userId);
  if (!choices.data) return null;
  return <ChoicesForm key={JSON.stringify(choices.data)} saved={choices.data} save={save} />;
}
