/**
 * One attendee's consent, in a dialog opened from the attendee list, and
 * a signed /test-consent link to send them when there is none (or it
 * needs doing again). A role that may not read consent answers (events,
 * a volunteer at the door) gets the link alone.
 */
import { PSA_TEST_LABELS } from '@/domain/consent';
import { formatLongDate, formatSavedAt } from '@/domain/format';
import { attendeeName, type Attendee } from '@/domain/staff-attendees';
import { Modal } from '@/lib/ui/modal';
import { Spinner } from '@/lib/ui/spinner';
import { useConsent, useConsentLink, type StaffConsent } from '../api/consent';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const list = (items: readonly string[]) => (items.length ? items.join(', ') : 'None named');

function Answers({ consent }: { consent: StaffConsent }) {
  const a = consent.answers;
  const rows: [string, string][] = [
    ['Given', `${formatSavedAt(Date.parse(consent.created_at))} (${consent.source === 'booking' ? 'when booking' : 'through a /test-consent link'})`],
    ['Test date', formatLongDate(consent.psa_test_date)],
    ['PSA tests before', a.numberOfPsaTest ? PSA_TEST_LABELS[a.numberOfPsaTest] : 'Not answered'],
    ["Prostate cancer on the father's side", `${a.familyHistoryProstateCancer ?? 'Not answered'} (${list(a.familyMemberWithProstateCancer)})`],
    ["Breast or ovarian cancer on the mother's side", `${a.familyHistoryBreastOvarianCancer ?? 'Not answered'} (${list(a.familyMemberWithOvarianCancer)})`],
    ["Mother's side details", a.motherSideDetails || 'None'],
    ['Medication', a.medicationHistory ?? 'Not answered'],
    ['Agreed to the terms', yesNo(a.agreeToTerms)],
    ['Consented to sample testing', yesNo(a.consentToSampleTesting)],
    ['Details may go to a private GP', yesNo(a.consentToPrivateGp)],
    ['Form version', consent.consent_version],
  ];
  return (
    <dl className="consent-answers">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConsentAnswers({ userId, eventId, attendee }: { userId: string; eventId: string; attendee: Attendee }) {
  const consent = useConsent(userId, eventId, attendee.appointment_id);
  return consent.isPending ? (
    <Spinner label="Loading the consent" />
  ) : consent.error ? (
    <p className="form-failure" role="alert">
      {consent.error.message}
    </p>
  ) : consent.data ? (
    <Answers consent={consent.data} />
  ) : (
    <p>No consent form is on file for this event.</p>
  );
}

function ConsentLink({ eventId, attendee }: { eventId: string; attendee: Attendee }) {
  const link = useConsentLink(eventId, attendee.appointment_id);
  return (
    <>
      <div className="form-actions">
        <button type="button" className="button button-secondary" disabled={link.isPending} onClick={() => link.mutate()}>
          Make a /test-consent link
        </button>
      </div>
      {link.data && (
        <p role="status">
          Send this link to {attendeeName(attendee)} (it works until {formatSavedAt(Date.parse(link.data.expires))}):{' '}
          <a href={link.data.url} data-testid="consent-link">
            {link.data.url}
          </a>
        </p>
      )}
      {link.error && (
        <p className="form-failure" role="alert">
          {link.error.message}
        </p>
      )}
    </>
  );
}

export function ConsentPanel({
  userId,
  eventId,
  attendee,
  answers,
  onClose,
}: {
  userId: string;
  eventId: string;
  attendee: Attendee | null;
  /** The role may read consent answers (admin, clinical); otherwise the dialog makes the link alone. */
  answers: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={attendee !== null} titleId="consent-title" onClose={onClose}>
      {attendee && (
        <>
          <h2 id="consent-title">Consent: {attendeeName(attendee)}</h2>
          {answers ? (
            <ConsentAnswers userId={userId} eventId={eventId} attendee={attendee} />
          ) : (
            <p>
              {attendee.consent_given
                ? 'His consent form is on file. If it needs doing again, make a link and send it to him to fill in on his phone before his test.'
                : 'He has no consent form on file for this event. Make a link, and send it to him to fill in on his phone before his test.'}
            </p>
          )}
          <ConsentLink eventId={eventId} attendee={attendee} />
          <div className="form-actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
