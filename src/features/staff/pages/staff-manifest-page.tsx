/**
 * /staff/events/{id}/manifest: the laboratory's request manifest for an
 * event (docs/rules.md#sample-labels): one line per sample of a man checked
 * in, the count of samples, the event, its venue and its laboratory;
 * printable, and downloadable as the CSV file the lab takes.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDayMonthYear, formatLongDate } from '@/domain/format';
import { formatSampleId } from '@/domain/sample-id';
import { formatNhsNumber, manifestCsvName } from '@/domain/sample-labels';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadManifestCsv, useManifest } from '../api/samples';
import { RequireStaff } from '../components/require-staff';
import '../staff.css';
import '../staff-labels.css';

function Manifest({ userId, eventId }: { userId: string; eventId: string }) {
  const manifest = useManifest(userId, eventId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const data = manifest.data;
  const download = () => {
    if (!data) return;
    setDownloadError(null);
    downloadManifestCsv(eventId, manifestCsvName(data)).catch((error: Error) => setDownloadError(`Not downloaded: ${error.message}`));
  };

  return (
    <div className="page staff-page manifest-page">
      <p className="no-print">
        <Link className="staff-link" to={paths.staffEvent(eventId)}>Back to the attendee list</Link>
      </p>
      <h1>Laboratory manifest</h1>
      {manifest.error ? (
        <p className="form-failure" role="alert">
          {manifest.error.message}
        </p>
      ) : !data ? (
        <Spinner label="Loading the manifest" />
      ) : (
        <>
          <dl className="manifest-facts">
            <div>
              <dt>Event</dt>
              <dd>
                {data.event_name}, {formatLongDate(data.event_date)}
              </dd>
            </div>
            <div>
              <dt>Venue</dt>
              <dd>{data.venue}</dd>
            </div>
            <div>
              <dt>Laboratory</dt>
              <dd>{data.lab ?? 'Not named for this event'}</dd>
            </div>
            <div>
              <dt>Samples</dt>
              <dd data-testid="manifest-count">{data.count}</dd>
            </div>
          </dl>
          <div className="staff-toolbar">
            <button type="button" className="button" onClick={download}>
              Download CSV
            </button>
            <button type="button" className="button" onClick={() => window.print()}>
              Print the manifest
            </button>
          </div>
          {downloadError && (
            <p className="form-failure" role="alert">
              {downloadError}
            </p>
          )}
          {data.count === 0 ? (
            <p>No samples yet: the manifest lists the men checked in who have a sample id.</p>
          ) : (
            <div className="manifest-scroll" role="region" aria-labelledby="manifest-caption" tabIndex={0}>
              <table className="staff-table manifest-table">
                <caption id="manifest-caption">{data.count === 1 ? '1 sample' : `${data.count} samples`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Sample id</th>
                    <th scope="col">Name</th>
                    <th scope="col">Date of birth</th>
                    <th scope="col">NHS number</th>
                    <th scope="col">Sex</th>
                    <th scope="col">Collected</th>
                  </tr>
                </thead>
                <tbody>
                  {data.samples.map((s) => (
                    <tr key={s.sample_id}>
                      <td className="manifest-id">{formatSampleId(s.sample_id)}</td>
                      <td>{s.full_name}</td>
                      <td>{s.date_of_birth ? formatDayMonthYear(s.date_of_birth) : 'Not recorded'}</td>
                      <td>{formatNhsNumber(s.nhs_number)}</td>
                      <td>{s.sex}</td>
                      <td>
                        {formatDayMonthYear(s.collection_date)} {s.collection_time}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export default function StaffManifestPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Laboratory manifest');
  return <RequireStaff needs="manifest">{(member) => <Manifest userId={member.userId} eventId={id} />}</RequireStaff>;
}
