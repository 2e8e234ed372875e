/**
 * A walk-in's consent as a locked hand-over (docs/rules.md#door-lock): the
 * console is locked for the time he holds the phone, so this shows his
 * form alone, in words for him, with no way to the staff pages; any other
 * staff page, a reload or a typed address shows the lock instead. Browser
 * back stays here: each step back is put forward again. Once he is done,
 * the staff member's PIN opens the console and the walk-in goes on.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ConsentAnswers } from '@/domain/consent';
import { ConsentForm } from '@/lib/consent/consent-form';
import { lockConsole } from '../door-lock';
import { PinUnlockForm } from './door-unlock';

const HAND_OVER_HASH = '#his-consent';

/** Keeps the page on the hand-over: a step back (to the page before the hash) is put forward again. */
function useHistoryGuard() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (hash !== HAND_OVER_HASH) navigate({ hash: HAND_OVER_HASH });
  }, [hash, navigate]);
}

interface HandOverProps {
  userId: string;
  /** He has answered and handed the phone back: the staff member's PIN is asked for. */
  returned: boolean;
  consent: ConsentAnswers;
  onChange: (answers: ConsentAnswers) => void;
  onAnswered: () => void;
  onUnlocked: () => void;
}

export function WalkInHandOver({ userId, returned, consent, onChange, onAnswered, onUnlocked }: HandOverProps) {
  useEffect(() => lockConsole('hand-over'), []);
  useHistoryGuard();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [returned]);

  if (returned) {
    return (
      <>
        <h1 ref={heading} tabIndex={-1}>
          Thank you: please hand the phone back
        </h1>
        <p>Thank you for answering. Please give the phone back to the person who handed it to you.</p>
        <h2>For staff</h2>
        <p>Open the console with your PIN to check his details and register him.</p>
        <PinUnlockForm userId={userId} onUnlocked={onUnlocked} />
      </>
    );
  }
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Your consent to the PSA test
      </h1>
      <p className="walk-in-handover">
        Please answer these questions yourself. When you have finished, tap Continue and hand the phone back.
      </p>
      <ConsentForm answers={consent} onChange={onChange} onSubmit={onAnswered} submitLabel="Continue" busy={false} />
    </>
  );
}
