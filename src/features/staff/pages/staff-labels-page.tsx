/**
 * /staff/events/{id}/labels: sample labels for an event's bookings (before
 * the day), or ?appointment={id} for one man's label at the desk
 * (docs/rules.md#sample-labels). Opening the page assigns the sample ids.
 * Each label has a Code 128 barcode of the sample id (drawn as SVG by
 * bwip-js in staff-barcode.ts, loaded only by this page), the id as text, his full name, date
 * of birth, NHS number and the collection date. Two print layouts: an A4
 * sheet of 21 labels (63.5 x 38.1 mm, Avery L7160) and a label printer's
 * 62 x 29 mm roll, one label per page; staff-labels.css lays both out. Men with
 * no valid NHS number get no label and are listed with what to do.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDayMonthYear, formatLongDate } from '@/domain/format';
import { formatSampleId } from '@/domain/sample-id';
import { formatNhsNumber, labelNameSize, type SampleLabel, type Unlabelled } from '@/domain/sample-labels';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSampleLabels } from '../api/samples';
import { RequireStaff } from '../components/require-staff';
import '../staff.css';
import '../staff-labels.css';

type Layout = 'a4' | 'roll';

const LAYOUTS: { value: Layout; label: string }[] = [
  { value: 'a4', label: 'A4 sheet of 21 labels (63.5 × 38.1 mm, Avery L7160)' },
  { value: 'roll', label: 'Label printer, one 62 × 29 mm label at a time' },
];

const A4_LABELS_PER_SHEET = 21;

/** Each sample id's Code 128 barcode as SVG text, drawn once bwip-js has loaded; null until then; an Error if it could not. */
function useBarcodes(ids: readonly string[]): Map<string, string> | Error | null {
  const [barcodes, setBarcodes] = useState<Map<string, string> | Error | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    import('../staff-barcode')
      .then(({ code128Svg }) => {
        const drawn = new Map<string, string>();
        for (const id of key ? key.split(',') : []) drawn.set(id, code128Svg(id));
        if (live) setBarcodes(drawn);
      })
      .catch((error: unknown) => {
        if (live) setBarcodes(error instanceof Error ? error : new Error(String(error)));
      });
    return () => {
      live = false;
    };
  }, [key]);
  return barcodes;
}

function LabelCard({ label, barcode }: { label: SampleLabel; barcode: string | undefined }) {
  return (
    <article className="sample-label" aria-label={`Label ${formatSampleId(label.sample_id)} for ${label.full_name}`}>
      {/* bwip-js's own SVG of a sample id checked by the server: no markup of anyone's making. */}
      <div className="sample-label-barcode" role="img" aria-label={`Barcode of ${formatSampleId(label.sample_id)}`} data-sample-id={label.sample_id} dangerouslySetInnerHTML={{ __html: barcode ?? '' }} />
      <p className="sample-label-id">{formatSampleId(label.sample_id)}</p>
      <p className={`sample-label-name sample-label-name-${labelNameSize(label.full_name)}`}>{label.full_name}</p>
      <p>
        DOB {label.date_of_birth ? formatDayMonthYear(label.date_of_birth) : 'not recorded'} · NHS {formatNhsNumber(label.nhs_number)}
      </p>
      <p>Collected {formatDayMonthYear(label.collection_date)}</p>
    </article>
  );
}

/** The labels as the printer gets them: a body-level sheet, hidden on screen, the only thing printed (staff-labels.css). */
function PrintSheet({ layout, labels, barcodes }: { layout: Layout; labels: SampleLabel[]; barcodes: Map<string, string> }) {
  const perPage = layout === 'a4' ? A4_LABELS_PER_SHEET : 1;
  const pages: SampleLabel[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return createPortal(
    <div className={`label-print label-print-${layout}`}>
      {pages.map((page, i) => (
        <div className="label-page" key={i}>
          {page.map((label) => (
            <LabelCard key={label.sample_id} label={label} barcode={barcodes.get(label.sample_id)} />
          ))}
        </div>
      ))}
    </div>,
    document.body,
  );
}

function UnlabelledList({ men, eventId }: { men: Unlabelled[]; eventId: string }) {
  return (
    <section className="labels-warning" aria-labelledby="unlabelled-title">
      <h2 id="unlabelled-title">{men.length === 1 ? '1 man has no label' : `${men.length} men have no label`}</h2>
      <p>
        No valid NHS number is on file, and the laboratory refuses a sample without one. Ask him to add his NHS number to his profile on this site
        (Portal, then Your details): it is on any letter from the NHS and in the NHS App. Once it is saved, print his label from the{' '}
        <Link to={paths.staffEvent(eventId)}>attendee list</Link>.
      </p>
      <ul>
        {men.map((man) => (
          <li key={man.appointment_id}>
            {man.full_name} (CHAPS{man.profile_id}), booked for {man.start_time}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Labels({ userId, eventId, appointmentId }: { userId: string; eventId: string; appointmentId: string | null }) {
  const answer = useSampleLabels(userId, eventId, appointmentId);
  const [layout, setLayout] = useState<Layout>(appointmentId ? 'roll' : 'a4');
  const labels = answer.data?.labels ?? [];
  const barcodes = useBarcodes(labels.map((l) => l.sample_id));
  const ready = barcodes instanceof Map;

  return (
    <div className="page staff-page labels-page">
      <p>
        <Link className="staff-link" to={paths.staffEvent(eventId)}>Back to the attendee list</Link>
      </p>
      <h1>{appointmentId ? 'Sample label' : 'Sample labels'}</h1>
      {answer.data && (
        <p>
          {answer.data.event_name}, {formatLongDate(answer.data.event_date)}
        </p>
      )}
      {answer.error ? (
        <p className="form-failure" role="alert">
          Labels not made: {answer.error.message}
        </p>
      ) : !answer.data ? (
        <Spinner label="Making the labels" />
      ) : (
        <>
          {answer.data.unlabelled.length > 0 && <UnlabelledList men={answer.data.unlabelled} eventId={eventId} />}
          {labels.length === 0 ? (
            <p>No labels to print: nobody with a confirmed booking and a valid NHS number.</p>
          ) : (
            <>
              <fieldset className="labels-layout">
                <legend>Print on</legend>
                {LAYOUTS.map((option) => (
                  <label key={option.value}>
                    <input type="radio" name="layout" value={option.value} checked={layout === option.value} onChange={() => setLayout(option.value)} /> {option.label}
                  </label>
                ))}
              </fieldset>
              <div className="staff-toolbar">
                <button type="button" className="button" disabled={!ready} onClick={() => window.print()}>
                  {labels.length === 1 ? 'Print the label' : `Print ${labels.length} labels`}
                </button>
              </div>
              <p role="status">{barcodes instanceof Error ? `Barcodes not drawn: ${barcodes.message}` : ready ? null : 'Drawing the barcodes…'}</p>
              <div className={`label-preview label-preview-${layout}`}>
                {labels.map((label) => (
                  <LabelCard key={label.sample_id} label={label} barcode={ready ? barcodes.get(label.sample_id) : undefined} />
                ))}
              </div>
              {ready && <PrintSheet layout={layout} labels={labels} barcodes={barcodes} />}
            </>
          )}
        </>
      )}
    </div>
  );
}

export default function StaffLabelsPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const appointmentId = search.get('appointment');
  useDocumentTitle(appointmentId ? 'Sample label' : 'Sample labels');
  return <RequireStaff>{(member) => <Labels userId={member.userId} eventId={id} appointmentId={appointmentId} />}</RequireStaff>;
}
