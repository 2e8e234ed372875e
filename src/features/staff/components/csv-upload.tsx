/**
 * The lab's results file: read on the phone, checked line by line with
 * the server's own rules before sending (src/domain/results-csv.ts), then
 * sent whole; the server checks again and saves nothing when the file has
 * an error (listed by line). Lines are matched by sample id; a line that
 * cannot be matched safely is held under "Needs checking" (result-holds.tsx)
 * and its man is not emailed. A file keyed by member id (profile_id) is
 * sent only after staff read why it is risky and confirm.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { PROFILE_ID_WARNING } from '@/domain/result-holds';
import { londonDate } from '@/domain/london-time';
import { parseResultsCsv, RESULTS_CSV_MAX_BYTES } from '@/domain/results-csv';
import { ApiError } from '@/lib/api-client';
import { isNotSent } from '@/lib/not-sent';
import { useUploadResults } from '../api/results';

interface LineError {
  line: string;
  message: string;
}

export function CsvUpload({ userId, eventId }: { userId: string; eventId: string }) {
  const upload = useUploadResults(userId, eventId);
  const id = useId();
  const [errors, setErrors] = useState<LineError[]>([]);
  const [note, setNote] = useState<string | null>(null);
  /** A member-id file read and waiting for staff to confirm it. */
  const [unconfirmed, setUnconfirmed] = useState<{ name: string; text: string } | null>(null);

  const send = (name: string, text: string, confirmProfileIds: boolean) => {
    setUnconfirmed(null);
    upload.mutate(
      { csv: text, confirmProfileIds },
      {
        onSuccess: (answer) => setNote(outcome(name, answer.saved, answer.held)),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'profile_id_needs_confirmation') {
            setUnconfirmed({ name, text });
            return;
          }
          if (error instanceof ApiError && error.issues.length > 0) setErrors(error.issues.map((i) => ({ line: i.path, message: i.message })));
          setNote(isNotSent(error) ? error.message : `Nothing was saved: ${error.message}`);
        },
      },
    );
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    upload.reset();
    setErrors([]);
    setNote(null);
    setUnconfirmed(null);
    if (!file) return;
    if (file.size > RESULTS_CSV_MAX_BYTES) {
      setNote(`${file.name} is too large: a results file holds at most ${RESULTS_CSV_MAX_BYTES / 1024} KB.`);
      return;
    }
    const text = await file.text();
    const parsed = parseResultsCsv(text, londonDate(new Date()));
    if (parsed.errors.length > 0) {
      setNote(`Nothing was sent: ${file.name} has ${parsed.errors.length === 1 ? '1 line' : `${parsed.errors.length} lines`} to correct.`);
      setErrors(parsed.errors.map((err) => ({ line: `line ${err.line}`, message: err.message })));
      return;
    }
    if (parsed.key === 'profile_id') setUnconfirmed({ name: file.name, text });
    else send(file.name, text, false);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="no-print">
      <h2 id={`${id}-title`}>Import results from the lab</h2>
      <p className="hint">
        A CSV file with the columns sample_id and psa_ng_ml, and optionally comment, sample_date, nhs_number and date_of_birth (see the README). Nothing is saved
        if a line is malformed. A line whose sample id, event, NHS number or date of birth does not match is held under Needs checking, and nobody is emailed
        for it.
      </p>
      <label htmlFor={`${id}-file`} className="csv-file">
        Results file (CSV)
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={upload.isPending} />
      </label>
      <div role="status">{upload.isPending ? 'Sending the file…' : note}</div>
      {unconfirmed && (
        <div className="profile-id-warning" role="alert">
          <p>
            <strong>{unconfirmed.name} names each man by his member id, not by his sample id.</strong> {PROFILE_ID_WARNING}
          </p>
          <button type="button" className="button button-small" onClick={() => send(unconfirmed.name, unconfirmed.text, true)}>
            I have checked the member ids: import this file
          </button>{' '}
          <button type="button" className="button button-small" onClick={() => setUnconfirmed(null)}>
            Do not import
          </button>
        </div>
      )}
      {errors.length > 0 && (
        <ul className="csv-errors">
          {errors.map((err) => (
            <li key={`${err.line}-${err.message}`}>
              {err.line.replace(/^line/, 'Line')}: {err.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function outcome(name: string, saved: number, held: number): string {
  const savedText = saved === 0 ? `No result from ${name} was saved.` : `Saved ${saved === 1 ? '1 result' : `${saved} results`} from ${name}; each member has been emailed that a result is ready.`;
  if (held === 0) return savedText;
  return `${savedText} ${held === 1 ? '1 line needs' : `${held} lines need`} checking (see Needs checking): nobody has been emailed for ${held === 1 ? 'it' : 'them'}.`;
}
