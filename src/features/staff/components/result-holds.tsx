/**
 * "Needs checking": the lines of the lab's file this event's import held
 * (docs/rules.md#results-entry), each with its values and the reason in
 * words. Nobody has been emailed for them. Staff attach one to a man by
 * scanning or typing his tube's sample id: his name, date of birth and NHS
 * number are shown beside the line's values, and the result is saved (and
 * he is emailed) only when they confirm. Or they discard it, saying why.
 * `scanner` is where a camera button goes.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ResultHold, SampleLookup } from '@/domain/result-holds';
import { formatSampleId } from '@/domain/sample-id';
import { isNotSent } from '@/lib/not-sent';
import { Spinner } from '@/lib/ui/spinner';
import { lookUpSample, useResolveHold, useResultHolds } from '../api/result-holds';
import { LineBesideMan } from './man-on-file';
import { SampleIdInput } from './sample-id-input';

type Scanner = (onScan: (text: string) => void) => ReactNode;

const COLUMN_LABELS: Record<string, string> = {
  sample_id: 'Sample id',
  profile_id: 'Member id',
  psa_ng_ml: 'PSA (ng/ml)',
  comment: 'Comment',
  sample_date: 'Sample date',
  nhs_number: 'NHS number',
  date_of_birth: 'Date of birth',
};

const failureOf = (error: unknown) => (isNotSent(error) ? error.message : error instanceof Error ? error.message : 'Not done: please try again.');

function Attach({ userId, eventId, hold, scanner, onClose }: { userId: string; eventId: string; hold: ResultHold; scanner?: Scanner; onClose: () => void }) {
  const resolve = useResolveHold(userId, eventId);
  const id = useId();
  const [man, setMan] = useState<SampleLookup['sample'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(false);

  const find = async (sampleId: string) => {
    setBusy(true);
    setProblem(null);
    setMan(null);
    setChecked(false);
    try {
      setMan(await lookUpSample(eventId, sampleId));
    } catch (error) {
      setProblem(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  const attach = (e: FormEvent) => {
    e.preventDefault();
    if (!man || !checked) return;
    resolve.mutate({ holdId: hold.hold_id, action: 'attach', sample_id: man.sample_id, confirm: true }, { onSuccess: onClose });
  };

  return (
    <div className="hold-attach">
      <SampleIdInput onFound={(sampleId) => void find(sampleId)} busy={busy} problem={problem} submitLabel="Find his booking" scanner={scanner} />
      {man && (
        <form onSubmit={attach} noValidate>
          <LineBesideMan cells={hold.cells} man={man} />
          {man.test_result !== null && (
            <p className="form-failure" role="alert">
              {man.first_name} already has a result ({man.test_result} ng/ml): discard this line, or change his result from the attendee list.
            </p>
          )}
          <label htmlFor={`${id}-confirm`} className="hold-confirm">
            <input id={`${id}-confirm`} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
            I have checked that this line is {man.first_name} {man.last_name}&apos;s result (sample {formatSampleId(man.sample_id)})
          </label>
          <button type="submit" className="button button-primary button-small" disabled={!checked || resolve.isPending}>
            Attach the result to {man.first_name} {man.last_name}
          </button>
        </form>
      )}
      {resolve.error && (
        <p className="form-failure" role="alert">
          {failureOf(resolve.error)}
        </p>
      )}
      <button type="button" className="button button-small" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

function Discard({ userId, eventId, hold, onClose }: { userId: string; eventId: string; hold: ResultHold; onClose: () => void }) {
  const resolve = useResolveHold(userId, eventId);
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setProblem('Say why the line is discarded.');
      return;
    }
    setProblem(null);
    resolve.mutate({ holdId: hold.hold_id, action: 'discard', reason: reason.trim() }, { onSuccess: onClose });
  };
  const failure = problem ?? (resolve.error ? failureOf(resolve.error) : null);
  return (
    <form className="result-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-reason`}>
        Why is this line discarded?
        <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} size={30} />
      </label>
      <button type="submit" className="button button-small" disabled={resolve.isPending}>
        Discard the line
      </button>
      <button type="button" className="button button-small" onClick={onClose}>
        Cancel
      </button>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

function HeldLine({ userId, eventId, hold, scanner }: { userId: string; eventId: string; hold: ResultHold; scanner?: Scanner }) {
  const [doing, setDoing] = useState<'attach' | 'discard' | null>(null);
  // A line whose details were erased with a member's account keeps only its reason's words, and cannot be attached.
  const cells = Object.entries(hold.cells).filter(([column, value]) => value !== '' && column in COLUMN_LABELS);
  return (
    <li className="staff-card held-line">
      <h3 className="staff-card-title">Line {hold.line}</h3>
      <p className="held-reason">{hold.reason_text}</p>
      {hold.erased ? (
        <p className="hint">Its value and comment were erased too, so it cannot be attached to anyone. Discard it, saying why.</p>
      ) : (
        <dl className="staff-card-facts">
          {cells.map(([column, value]) => (
            <div key={column}>
              <dt>{COLUMN_LABELS[column]}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {doing === 'attach' && !hold.erased ? (
        <Attach userId={userId} eventId={eventId} hold={hold} scanner={scanner} onClose={() => setDoing(null)} />
      ) : doing === 'discard' ? (
        <Discard userId={userId} eventId={eventId} hold={hold} onClose={() => setDoing(null)} />
      ) : (
        <p>
          {!hold.erased && (
            <>
              <button type="button" className="button button-small" onClick={() => setDoing('attach')}>
                Attach<span className="visually-hidden"> line {hold.line}</span> to a man
              </button>{' '}
            </>
          )}
          <button type="button" className="button button-small" onClick={() => setDoing('discard')}>
            Discard<span className="visually-hidden"> line {hold.line}</span>
          </button>
        </p>
      )}
    </li>
  );
}

export function ResultHolds({ userId, eventId, scanner }: { userId: string; eventId: string; scanner?: Scanner }) {
  const holds = useResultHolds(userId, eventId);
  const all = holds.data?.holds ?? [];
  const waiting = all.filter((h) => h.resolution === null);
  const done = all.length - waiting.length;
  if (holds.isPending) return <Spinner label="Loading results that need checking" />;
  if (holds.error) {
    return (
      <p className="form-failure" role="alert">
        {holds.error.message}
      </p>
    );
  }
  if (all.length === 0) return null;
  return (
    <section id="needs-checking" aria-labelledby="needs-checking-title" className="result-holds no-print">
      <h2 id="needs-checking-title">Needs checking ({waiting.length})</h2>
      <p className="hint">
        These lines of the lab&apos;s file could not be matched safely to one man. They are attached to nobody and nobody has been emailed. Attach each to the
        man whose tube it is, or discard it.
        {done > 0 && ` ${done === 1 ? '1 line was' : `${done} lines were`} checked earlier.`}
      </p>
      {waiting.length > 0 && (
        <ul className="staff-cards">
          {waiting.map((hold) => (
            <HeldLine key={hold.hold_id} userId={userId} eventId={eventId} hold={hold} scanner={scanner} />
          ))}
        </ul>
      )}
    </section>
  );
}
