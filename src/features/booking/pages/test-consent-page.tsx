/**
 * /test-consent?profile_id=..&test_date=..&expires=..&signature=..
 * (docs/rules.md#test-consent): the consent form on its own, with Submit, for a
 * man sent a link (no sign-in). A link missing any value says so and goes home;
 * success says 'Consent form submitted successfully!' and goes home. Answers
 * are kept in this tab until sent, like the booking's.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatLongDate } from '@/domain/format';
import { isIsoDate } from '@/domain/london-time';
import { ApiError } from '@/lib/api-client';
import { Modal } from '@/lib/ui/modal';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TEST_CONSENT_PARAMS, useSubmitTestConsent, useTestConsentLink, type TestConsentLink } from '../api/submit-test-consent';
import { clearDraft, useBookingDraft } from '../booking-draft';
import { ConsentForm } from '@/lib/consent/consent-form';
import '../booking.css';

const INVALID_LINK = 'Invalid or missing parameters. Please check your link or contact support.';
const LINK_USED = 'Consent has already been given with this link. If something needs to change, please contact us.';

function readLink(params: URLSearchParams): TestConsentLink | null {
  const values = TEST_CONSENT_PARAMS.map((name) => (params.get(name) ?? '').trim());
  if (values.some((v) => v === '')) return null;
  const [profile_id = '', test_date = '', expires = '', signature = ''] = values;
  return isIsoDate(test_date) ? { profile_id, test_date, expires, signature } : null;
}

/** A message that must be read before going home: OK (or Escape) goes to /. */
function ThenHome({ title, message }: { title: string; message: string }) {
  const navigate = useNavigate();
  const home = () => navigate(paths.home, { replace: true });
  return (
    <Modal open titleId="test-consent-result" onClose={home}>
      <h2 id="test-consent-result">{title}</h2>
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={home} autoFocus>
          OK
        </button>
      </div>
    </Modal>
  );
}

/** The page behind the dialog still has its heading, for screen readers and axe. */
function Finished({ title, message }: { title: string; message: string }) {
  return (
    <>
      <h1>Consent for your PSA test</h1>
      <ThenHome title={title} message={message} />
    </>
  );
}

function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred. Please try again.';
  if (error.status === 403) return INVALID_LINK;
  if (error.status === 400) return 'Missing profile or date information. Cannot submit consent form.';
  return 'Failed to save consent. Please try again.';
}

function TestConsent({ link }: { link: TestConsentLink }) {
  const draftKey = `test-consent:${link.profile_id}:${link.test_date}`;
  const [draft, updateDraft] = useBookingDraft(draftKey);
  const submit = useSubmitTestConsent();
  // Offline the check cannot run: the form stays usable and the server checks the link on Submit.
  const linkCheck = useTestConsentLink(link);
  const refused = (error: unknown) => error instanceof ApiError && error.status === 403;
  // The link has filed its consent already (here, or on another device): once per link.
  const used = (error: unknown) => error instanceof ApiError && error.status === 409;
  const send = () =>
    submit.mutate({ link, answers: draft.answers }, { onSuccess: () => clearDraft(draftKey) });

  if (submit.isSuccess) return <Finished title="Success" message="Consent form submitted successfully!" />;
  if (refused(linkCheck.error) || refused(submit.error)) return <Finished title="Invalid link" message={INVALID_LINK} />;
  if (used(linkCheck.error) || used(submit.error)) return <Finished title="Consent already given" message={LINK_USED} />;
  return (
    <>
      <h1>Consent for your PSA test</h1>
      <p>Test date: {formatLongDate(link.test_date)}</p>
      <ConsentForm
        answers={draft.answers}
        onChange={(answers) => updateDraft({ answers })}
        onSubmit={send}
        submitLabel="Submit"
        busy={submit.isPending}
        status={<NotSentNotice error={submit.error} fallback={failureText(submit.error)} onRetry={send} retrying={submit.isPending} />}
      />
    </>
  );
}

export default function TestConsentPage() {
  useDocumentTitle('Consent form');
  const [params] = useSearchParams();
  const query = params.toString();
  const link = useMemo(() => readLink(params), [params]);
  return (
    <div className="page booking-page">
      {link ? <TestConsent key={query} link={link} /> : <Finished title="Invalid link" message={INVALID_LINK} />}
    </div>
  );
}
