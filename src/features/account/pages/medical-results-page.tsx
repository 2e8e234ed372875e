/**
 * /medical-results (docs/rules.md#medical-results): 'All Results', one row per
 * appointment or result with the fallbacks and status lines of
 * docs/rules.md#medical-results.
 * Saved for offline reading under the member's id. Above the cards, his
 * values as a chart over time and the letter for his GP
 * (docs/decisions/0021-member-record-export-and-erasure.md), both drawn from
 * the same saved results, so they read and print offline.
 * Each result shows the band it was given when saved, by the rule version
 * that banded it (docs/rules.md#clinical-rules), never today's rule, with a
 * sentence when today's rule would band the same value differently; the
 * chart's background and the letter's note of today's bands use the
 * current rule. A result still awaited says so in words, never "N/A".
 */
import { formatLongDate } from '@/domain/format';
import { ageOn } from '@/domain/age';
import type { BandRule } from '@/domain/psa-band';
import { commentsBeyondBand, todaysBandNote } from '@/domain/psa-band';
import { PsaBandBadge } from '@/lib/ui/psa-band-badge';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CompleteProfileRedirect } from '@/lib/complete-profile-redirect';
import { isProfileMissing } from '@/lib/member-profile-query';
import { useProfile } from '../api/get-profile';
import { useResults, type MedicalResultItem } from '../api/get-results';
import { useClinicalRule } from '../api/get-clinical-rule';
import { MemberSidebar } from '../components/member-sidebar';
import { NextTestDue } from '../components/next-test-due';
import { GpLetter, resultsByDate } from '../components/gp-letter';
import { PsaHistory } from '../components/psa-history';
import { RequireMember } from '@/lib/require-member';
import '../account.css';

/**
 * One result, said once: whether the lab's value is in (the status line of
 * docs/rules.md#medical-results, first and in plain text, so no colour
 * contradicts the band), the value, its band with the advice, and only what the
 * comments add beyond the band.
 */
function ResultRow({ item, dateOfBirth, rule }: { item: MedicalResultItem; dateOfBirth: string | null | undefined; rule: BandRule | null }) {
  const { appointment, result } = item;
  const ready = result?.test_result !== null && result?.test_result !== undefined;
  const date = appointment?.event_date ?? result?.sample_date ?? null;
  // The band stored with the result (none without a date of birth then): never worked out again here.
  const band = ready ? (result.band ?? null) : null;
  // Today's rule is only compared, at his age on the sample date, to say in words where it differs.
  const sampled = result?.sample_date ?? date;
  const age = dateOfBirth && sampled ? ageOn(dateOfBirth, sampled) : null;
  const note = ready ? todaysBandNote(band, result.test_result, age, rule) : null;
  // While the lab's value is awaited there is nothing to comment on: no "Next appointment in years: N/A".
  const comments = ready ? commentsBeyondBand(result.comments, band) : (result?.comments ?? null);
  return (
    <li className="card result-row">
      <h2>{appointment?.event_name ?? 'Screening result'}</h2>
      <p className="result-status">{ready ? 'Lab result ready' : 'No lab result'}</p>
      {!appointment && <p className="result-status">Appointment not linked</p>}
      <dl>
        <div>
          <dt>Test</dt>
          <dd>{appointment?.product_name ?? 'Not Found'}</dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>{ready ? `${result.test_result} ${result.test_unit ?? ''}`.trim() : 'Not back from the laboratory yet'}</dd>
        </div>
        {band && (
          <div>
            <dt>Band</dt>
            <dd>
              <PsaBandBadge band={band} />
              {note && <p className="result-band-note">{note}</p>}
            </dd>
          </div>
        )}
        {comments && (
          <div>
            <dt>Comments</dt>
            <dd>{comments}</dd>
          </div>
        )}
        <div>
          <dt>Date</dt>
          <dd>{date ? formatLongDate(date) : 'Not recorded'}</dd>
        </div>
      </dl>
    </li>
  );
}

function Results({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  const results = useResults(userId, profile.data?.public_id);
  const rule = useClinicalRule(userId).data?.rule ?? null;
  const failure = profile.error ?? results.error;
  if (isProfileMissing(profile.error)) return <CompleteProfileRedirect />;
  return (
    <div className="page member-page">
      <MemberSidebar profile={profile.data} />
      <section className="member-main" aria-labelledby="results-title">
        <h1 id="results-title">All Results</h1>
        <p className="member-subtitle">Your medical results and appointments</p>
        <NextTestDue userId={userId} publicId={profile.data?.public_id} />
        {results.data ? (
          results.data.length === 0 ? (
            <p>No medical results or any appointment found</p>
          ) : (
            <>
              <PsaHistory
                readings={resultsByDate(results.data).map(({ date, value, band }) => ({ date, value, band }))}
                dateOfBirth={profile.data?.date_of_birth}
                rule={rule}
              />
              {profile.data && <GpLetter profile={profile.data} items={results.data} rule={rule} />}
              <ul className="result-list">
                {results.data.map((item, index) => (
                  <ResultRow key={index} item={item} dateOfBirth={profile.data?.date_of_birth} rule={rule} />
                ))}
              </ul>
            </>
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
