/**
 * /medical-results (SPEC.md section 2): 'All Results', one row per
 * appointment or result with the SPEC's fallbacks and status lines.
 * Saved for offline reading under the member's id.
 */
import { ageOn } from '../../../domain/age';
import { formatLongDate } from '../../../domain/format';
import { PsaBandBadge } from '../../../lib/ui/psa-band-badge';
import { Spinner } from '../../../lib/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CompleteProfileRedirect } from '../../../lib/complete-profile-redirect';
import { isProfileMissing } from '../../../lib/member-profile-query';
import { useProfile } from '../api/get-profile';
import { useResults, type MedicalResultItem } from '../api/get-results';
import { MemberSidebar } from '../components/member-sidebar';
import { RequireMember } from '../../../lib/require-member';
import '../account.css';

/** The band needs the age when the sample was taken; without a date of birth there is no band, not a guessed one. */
function ageAtSample(dateOfBirth: string | null | undefined, item: MedicalResultItem): number | null {
  const when = item.result?.sample_date ?? item.appointment?.event_date ?? null;
  return dateOfBirth && when ? ageOn(dateOfBirth, when) : null;
}

function ResultRow({ item, dateOfBirth }: { item: MedicalResultItem; dateOfBirth: string | null | undefined }) {
  const { appointment, result } = item;
  const ready = result?.test_result !== null && result?.test_result !== undefined;
  const date = appointment?.event_date ?? result?.sample_date ?? null;
  return (
    <li className="card result-row">
      <h2>{appointment?.event_name ?? 'Screening result'}</h2>
      <dl>
        <div>
          <dt>Test</dt>
          <dd>{appointment?.product_name ?? 'Not Found'}</dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>{ready ? `${result.test_result} ${result.test_unit ?? ''}`.trim() : 'N/A'}</dd>
        </div>
        {ready && psaBandRow(result.test_result, ageAtSample(dateOfBirth, item))}
        <div>
          <dt>Comments</dt>
          <dd>{result?.comments ?? 'Next appointment in years: N/A'}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{date ? formatLongDate(date) : 'N/A'}</dd>
        </div>
      </dl>
      <p className={`result-status ${ready ? 'result-ready' : 'result-pending'}`}>{ready ? 'Lab result ready' : 'No lab result'}</p>
      {!appointment && <p className="result-status">Appointment not linked</p>}
    </li>
  );
}

function psaBandRow(value: number | null, age: number | null) {
  return age === null ? null : (
    <div>
      <dt>Band</dt>
      <dd>
        <PsaBandBadge value={value} age={age} />
      </dd>
    </div>
  );
}

function Results({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  const results = useResults(userId, profile.data?.public_id);
  const failure = profile.error ?? results.error;
  if (isProfileMissing(profile.error)) return <CompleteProfileRedirect />;
  return (
    <div className="page member-page">
      <MemberSidebar profile={profile.data} />
      <section className="member-main" aria-labelledby="results-title">
        <h1 id="results-title">All Results</h1>
        <p className="member-subtitle">Your medical results and appointments</p>
        {results.data ? (
          results.data.length === 0 ? (
            <p>No medical results or any appointment found</p>
          ) : (
            <ul className="result-list">
              {results.data.map((item, index) => (
                <ResultRow key={index} item={item} dateOfBirth={profile.data?.date_of_birth} />
              ))}
            </ul>
          )
        ) : failure ? (
          <p className="form-failure" role="alert">
            {failure.message}
          </p>
        ) : (
          <Spinner label="Loading results" />
        )}
      </section>
    </div>
  );
}

export default function MedicalResultsPage() {
  useDocumentTitle('Medical results');
  return <RequireMember>{(member) => <Results userId={member.userId} />}</RequireMember>;
}
