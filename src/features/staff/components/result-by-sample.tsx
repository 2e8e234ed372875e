/**
 * Typing one result starts from the tube (docs/rules.md#results-entry):
 * staff scan or type its sample id, the server says whose booking at this
 * event it is, and his name, date of birth and NHS number are shown to
 * check against the tube's label before the result form opens. The form
 * sends the sample id with the result, and the server refuses it unless
 * the tube is his. `scanner` is where a camera button goes.
 */
import { useId, useState, type ReactNode } from 'react';
import type { SampleLookup } from '@/domain/result-holds';
import { formatSampleId } from '@/domain/sample-id';
import type { Attendee } from '@/domain/staff-attendees';
import { isNotSent } from '@/lib/not-sent';
import { lookUpSample } from '../api/result-holds';
import { ResultForm } from './result-form';
import { SampleIdInput } from './sample-id-input';
import { ManOnFile } from './man-on-file';

export function ResultBySample({
  userId,
  eventId,
  attendees,
  scanner,
}: {
  userId: string;
  eventId: string;
  attendees: Attendee[];
  scanner?: (onScan: (text: string) => void) => ReactNode;
}) {
  const id = useId();
  const [found, setFound] = useState<SampleLookup['sample'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const attendee = found ? attendees.find((a) => a.appointment_id === found.appointment_id) : undefined;

  const find = async (sampleId: string) => {
    setBusy(true);
    setProblem(null);
    setSaved(null);
    setFound(null);
    try {
      setFound(await lookUpSample(eventId, sampleId));
    } catch (error) {
      setProblem(isNotSent(error) ? error.message : error instanceof Error ? error.message : 'The sample id could not be looked up.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="result-by-sample no-print">
      <h2 id={`${id}-title`}>Enter a result from the tube</h2>
      <SampleIdInput onFound={(sampleId) => void find(sampleId)} busy={busy} problem={problem} submitLabel="Find his booking" scanner={scanner} />
      <div role="status">{busy ? 'Looking up the sample…' : saved}</div>
      {found && (
        <div className="sample-found">
          <h3>
            Sample {formatSampleId(found.sample_id)}: {found.first_name} {found.last_name}
          </h3>
          <p>Check the name, date of birth and NHS number against the tube's label before entering the result.</p>
          <ManOnFile man={found} />
          {attendee ? (
            <ResultForm
              key={found.sample_id}
              userId={userId}
              eventId={eventId}
              attendee={attendee}
              sampleId={found.sample_id}
              onSaved={() => setSaved(`Result saved for ${found.first_name} ${found.last_name} (sample ${formatSampleId(found.sample_id)}).`)}
              onDone={() => setFound(null)}
            />
          ) : (
            <p className="form-failure" role="alert">
              His booking is not on the attendee list on this phone yet: reload the page, then scan the tube again.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
