/**
 * A man's details as his booking holds them, to check a tube or a line of
 * the lab's file against: on their own (a tube scanned to type his result),
 * or beside the line's own values (a held line being attached), so a
 * difference is seen before anyone confirms.
 */
import { formatDayMonthYear } from '@/domain/format';
import type { SampleLookup } from '@/domain/result-holds';
import { formatSampleId, normaliseSampleId } from '@/domain/sample-id';

type Man = SampleLookup['sample'];

/** 9434765919 -> "943 476 5919". */
export const showNhs = (digits: string | null) => (digits ? digits.replace(/\s/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3') : 'None on file');
const showDob = (iso: string | null) => (iso ? formatDayMonthYear(iso) : 'None on file');

export function ManOnFile({ man }: { man: Man }) {
  return (
    <dl className="man-on-file">
      <div>
        <dt>Name</dt>
        <dd>
          {man.first_name} {man.last_name}
        </dd>
      </div>
      <div>
        <dt>Date of birth</dt>
        <dd>{showDob(man.date_of_birth)}</dd>
      </div>
      <div>
        <dt>NHS number</dt>
        <dd>{showNhs(man.nhs_number)}</dd>
      </div>
      <div>
        <dt>Sample id</dt>
        <dd>{formatSampleId(man.sample_id)}</dd>
      </div>
    </dl>
  );
}

/** A held line's cells and the man whose tube was scanned, row by row; a row that differs is marked. */
export function LineBesideMan({ cells, man }: { cells: Record<string, string>; man: Man }) {
  const fileDob = cells.date_of_birth ?? '';
  const fileNhs = (cells.nhs_number ?? '').replace(/[\s-]/g, '');
  const fileSample = cells.sample_id ? normaliseSampleId(cells.sample_id) : '';
  const rows: { label: string; file: string; his: string; differs: boolean }[] = [
    { label: 'Name', file: 'Not in the file', his: `${man.first_name} ${man.last_name}`, differs: false },
    {
      label: 'Date of birth',
      file: fileDob || 'Not in the file',
      his: showDob(man.date_of_birth),
      differs: fileDob !== '' && fileDob.split(/[-/]/).reverse().join('-') !== man.date_of_birth && fileDob !== man.date_of_birth,
    },
    { label: 'NHS number', file: fileNhs ? showNhs(fileNhs) : 'Not in the file', his: showNhs(man.nhs_number), differs: fileNhs !== '' && fileNhs !== man.nhs_number },
    {
      label: 'Sample id',
      file: cells.sample_id || (cells.profile_id ? `Member id ${cells.profile_id}` : 'Not in the file'),
      his: formatSampleId(man.sample_id),
      differs: fileSample !== '' && fileSample !== man.sample_id,
    },
  ];
  return (
    <table className="staff-table line-beside-man">
      <caption>The line in the file beside the man whose tube you scanned</caption>
      <thead>
        <tr>
          <th scope="col">Detail</th>
          <th scope="col">In the file</th>
          <th scope="col">His booking</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={row.differs ? 'differs' : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.file}</td>
            <td>
              {row.his}
              {row.differs && <strong> (differs)</strong>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
