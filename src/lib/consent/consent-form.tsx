/**
 * The consent form (docs/rules.md#consent), in place on /book-event
 * (button Continue), standalone on /test-consent (button Submit), and on
 * the staff phone handed to a walk-in (Continue). Shared in src/lib
 * because the booking feature and the staff console both show it. Every
 * rule comes from consentProblems() in src/domain, the same rules the server
 * applies. After the first try, problems show inline and update as the man
 * answers; the first one is repeated in the 'Consent Required' notice, which
 * takes focus so it is read out.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import {
  CONSENT_DETAILS_MAX,
  CONSENT_NOTICE_TITLE,
  consentProblems,
  FAMILY_HISTORY_ANSWERS,
  FATHER_SIDE_RELATIVES,
  MEDICATIONS,
  MOTHER_SIDE_RELATIVES,
  PSA_TEST_LABELS,
  PSA_TEST_NUMBERS,
  type ConsentAnswers,
  type ConsentField,
} from '@/domain/consent';
import { ChoiceGroup, ConsentCheckbox, fieldId } from './choice-group';
import { ConsentIntro } from './consent-intro';
import './consent-form.css';

interface ConsentFormProps {
  answers: ConsentAnswers;
  onChange: (answers: ConsentAnswers) => void;
  /** Called only with answers that pass every rule. */
  onSubmit: () => void;
  submitLabel: 'Continue' | 'COMPLETE BOOKING' | 'Submit';
  busy: boolean;
  /** Shown above the buttons: a failure to send, with Retry. */
  status?: ReactNode;
  /** A Back button, on /book-event only. */
  onBack?: () => void;
}

const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

export function ConsentForm(props: ConsentFormProps) {
  const { answers, onChange, onSubmit, submitLabel, busy, status, onBack } = props;
  const [attempted, setAttempted] = useState(false);
  const [noticeKey, setNoticeKey] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const shown = attempted ? consentProblems(answers) : [];
  const errorOf = (field: ConsentField) => shown.find((p) => p.field === field)?.message;
  const set = (change: Partial<ConsentAnswers>) => onChange({ ...answers, ...change });

  useEffect(() => {
    if (noticeKey > 0) noticeRef.current?.focus();
  }, [noticeKey]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (consentProblems(answers).length > 0) {
      setNoticeKey((k) => k + 1);
      return;
    }
    onSubmit();
  }

  const first = shown[0];
  return (
    <form className="consent-form" onSubmit={submit} noValidate aria-labelledby="consent-title">
      <ConsentIntro />
      {first && (
        <div className="notice notice-error consent-notice" role="alert" tabIndex={-1} ref={noticeRef} key={noticeKey}>
          <p>
            <strong>{CONSENT_NOTICE_TITLE}</strong>
          </p>
          <p>
            <a href={`#${fieldId(first.field)}`}>{first.message}</a>
          </p>
        </div>
      )}

      <ChoiceGroup
        name="numberOfPsaTest"
        type="radio"
        legend="Counting this one, which PSA test will this be for you in the last five years?"
        options={PSA_TEST_NUMBERS}
        labelOf={(n) => PSA_TEST_LABELS[n]}
        isChecked={(n) => answers.numberOfPsaTest === n}
        onToggle={(n) => set({ numberOfPsaTest: n })}
        error={errorOf('numberOfPsaTest')}
      />

      <ChoiceGroup
        name="familyHistoryProstateCancer"
        type="radio"
        legend="Has anyone on your father’s side of the family had prostate cancer?"
        options={FAMILY_HISTORY_ANSWERS}
        isChecked={(a) => answers.familyHistoryProstateCancer === a}
        onToggle={(a) => set({ familyHistoryProstateCancer: a })}
        error={errorOf('familyHistoryProstateCancer')}
      />
      {answers.familyHistoryProstateCancer === 'Yes' && (
        <ChoiceGroup
          name="familyMemberWithProstateCancer"
          type="checkbox"
          legend="Which relatives on your father’s side?"
          hint="Tick all that apply."
          options={FATHER_SIDE_RELATIVES}
          isChecked={(r) => answers.familyMemberWithProstateCancer.includes(r)}
          onToggle={(r, on) => set({ familyMemberWithProstateCancer: toggle(answers.familyMemberWithProstateCancer, r, on) })}
          error={errorOf('familyMemberWithProstateCancer')}
        />
      )}

      <ChoiceGroup
        name="familyHistoryBreastOvarianCancer"
        type="radio"
        legend="Has anyone on your mother’s side of the family had prostate, ovarian or breast cancer?"
        options={FAMILY_HISTORY_ANSWERS}
        isChecked={(a) => answers.familyHistoryBreastOvarianCancer === a}
        onToggle={(a) => set({ familyHistoryBreastOvarianCancer: a })}
        error={errorOf('familyHistoryBreastOvarianCancer')}
      />
      {answers.familyHistoryBreastOvarianCancer === 'Yes' && (
        <>
          <ChoiceGroup
            name="familyMemberWithOvarianCancer"
            type="checkbox"
            legend="Which relatives on your mother’s side?"
            hint="Tick all that apply, or describe them in the box below."
            options={MOTHER_SIDE_RELATIVES}
            isChecked={(r) => answers.familyMemberWithOvarianCancer.includes(r)}
            onToggle={(r, on) => set({ familyMemberWithOvarianCancer: toggle(answers.familyMemberWithOvarianCancer, r, on) })}
            error={errorOf('familyMemberWithOvarianCancer')}
          />
          <div className="form-field">
            <label htmlFor="consent-motherSideDetails">Other details about your mother’s side (optional)</label>
            <textarea
              id="consent-motherSideDetails"
              name="motherSideDetails"
              rows={3}
              maxLength={CONSENT_DETAILS_MAX}
              value={answers.motherSideDetails}
              onChange={(e) => set({ motherSideDetails: e.target.value })}
            />
          </div>
        </>
      )}

      <ChoiceGroup
        name="medicationHistory"
        type="radio"
        legend="Are you taking, or have you taken, any of these medicines?"
        hint="They can lower your PSA level, so the laboratory needs to know."
        options={MEDICATIONS}
        isChecked={(m) => answers.medicationHistory === m}
        onToggle={(m) => set({ medicationHistory: m })}
        error={errorOf('medicationHistory')}
      />

      <fieldset className="consent-ticks">
        <legend>Your consent</legend>
        <ConsentCheckbox name="agreeToTerms" checked={answers.agreeToTerms}
          onChange={(on) => set({ agreeToTerms: on })} error={errorOf('agreeToTerms')}>
          I agree to the <Link to={paths.refundPolicy}>terms and conditions</Link>.
        </ConsentCheckbox>
        <ConsentCheckbox name="consentToSampleTesting" checked={answers.consentToSampleTesting}
          onChange={(on) => set({ consentToSampleTesting: on })} error={errorOf('consentToSampleTesting')}>
          I consent to a blood sample being taken from me and tested for PSA.
        </ConsentCheckbox>
        <ConsentCheckbox name="consentToPrivateGp" checked={answers.consentToPrivateGp}
          onChange={(on) => set({ consentToPrivateGp: on })}>
          I consent to my details and result being passed to my private GP, if I have one (optional).
        </ConsentCheckbox>
      </fieldset>

      {status}
      <div className="form-actions">
        {onBack && (
          <button type="button" className="button button-secondary" onClick={onBack} disabled={busy}>
            Back to times
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Processing...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
