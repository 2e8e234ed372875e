/**
 * The lab's results file: read on the phone, checked line by line with
 * the server's own rules before sending (src/domain/results-csv.ts), then
 * sent whole; the server checks again, against the bookings too, and
 * saves nothing unless every line is good. Errors are listed by line.
 */
import { useId, useState, type ChangeEvent } from 'react';
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

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    upload.reset();
    setErrors([]);
    setNote(null);
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
    upload.mutate(text, {
      onSuccess: (answer) => setNote(`Saved ${answer.saved === 1 ? '1 result' : `${answer.saved} results`} from ${file.name}. Each member has been emailed that a result is ready.`),
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) setErrors(error.issues.map((i) => ({ line: i.path, message: i.message })));
        setNote(isNotSent(error) ? error.message : `Nothing was saved: ${error.message}`);
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="no-print">
      <h2 id={`${id}-title`}>Import results from the lab</h2>
      <p className="hint">
        A CSV file with the columns profile_id, psa_ng_ml and optionally comment and sample_date (see the README). Nothing is saved unless every line is correct.
      </p>
      <label htmlFor={`${id}-file`} className="csv-file">
        Results file (CSV)
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={upload.isPending} />
      </label>
      <div role="status">{upload.isPending ? 'Sending the file…' : note}</div>
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
