/**
 * The tube's sample id, scanned or typed (docs/rules.md#sample-ids). A
 * barcode scanner that types like a keyboard works: it types the id and
 * presses Enter. The check character is judged as the id is typed, so a
 * slip or a swap of two characters is said at once, before anything is
 * looked up. `scanner` is the place for a camera button: it is given the
 * function to call with a scanned text, and is shown beside the field.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatSampleId, isValidSampleId, normaliseSampleId, SAMPLE_ID_LENGTH } from '@/domain/sample-id';

export const SAMPLE_ID_LABEL = "Scan or type the tube's sample id";

/** What the typed text is: incomplete, a valid id, or refused with the words to show. */
export function judgeSampleId(text: string): { state: 'incomplete' } | { state: 'valid'; id: string } | { state: 'refused'; message: string } {
  const id = normaliseSampleId(text);
  if (id.length < SAMPLE_ID_LENGTH) return { state: 'incomplete' };
  if (id.length > SAMPLE_ID_LENGTH || !/^[0-9A-Z]{7}[0-9A-Z*]$/.test(id)) {
    return { state: 'refused', message: 'A sample id is 8 letters and digits, like 7KQ2-M9PT. Scan or type it again.' };
  }
  if (!isValidSampleId(id)) {
    return { state: 'refused', message: `${formatSampleId(id)} is not a valid sample id: its last character does not match (a typing or transposition error). Scan or type it again.` };
  }
  return { state: 'valid', id };
}

export function SampleIdInput({
  onFound,
  busy = false,
  problem = null,
  submitLabel = 'Find',
  scanner,
}: {
  /** Called with a valid id (normalised) when Enter is pressed or the button tapped. */
  onFound: (sampleId: string) => void;
  busy?: boolean;
  /** A refusal from the server (an unknown tube, another event's), shown with the check's. */
  problem?: string | null;
  submitLabel?: string;
  /** The camera button's place: given the function to call with what it scanned. */
  scanner?: (onScan: (text: string) => void) => ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const judged = judgeSampleId(text);

  const find = (value: string) => {
    setTried(true);
    const result = judgeSampleId(value);
    if (result.state === 'valid') onFound(result.id);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    find(text);
  };
  const message =
    judged.state === 'refused'
      ? judged.message
      : judged.state === 'incomplete' && tried && text.trim() !== ''
        ? 'A sample id is 8 letters and digits, like 7KQ2-M9PT.'
        : problem;

  return (
    <form className="sample-id-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-sample`}>
        {SAMPLE_ID_LABEL}
        <input
          id={`${id}-sample`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setTried(false);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={20}
          size={12}
          aria-invalid={judged.state === 'refused' || undefined}
          aria-describedby={`${id}-sample-note`}
        />
      </label>
      {scanner?.((scanned) => {
        setText(scanned);
        find(scanned);
      })}
      <button type="submit" className="button button-small" disabled={busy}>
        {submitLabel}
      </button>
      <p id={`${id}-sample-note`} className={message ? 'form-failure' : 'hint'} role={message ? 'alert' : undefined} aria-live="polite">
        {message ?? (judged.state === 'valid' ? `${formatSampleId(judged.id)}: the check character is right.` : '')}
      </p>
    </form>
  );
}
