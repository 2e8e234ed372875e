/**
 * "Your data" on the portal (UK GDPR;
 * docs/decisions/0021-member-record-export-and-erasure.md): download everything
 * the site holds about him, as a JSON file or a readable page, and delete his
 * account, confirmed with his password. What deletion erases and keeps is said
 * before he confirms (ADR 0021).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERASURE_MESSAGES } from '@/domain/account-erasure';
import { signOut } from '@/lib/auth';
import { isNotSent, NO_ANSWER_MESSAGE } from '@/lib/not-sent';
import { paths } from '@/lib/paths';
import { deleteMyAccount, downloadMyData, type ExportFormat } from '../api/my-data';
import { PasswordField } from './password-field';

const failureText = (error: unknown) => (isNotSent(error) ? NO_ANSWER_MESSAGE : 'That did not work. Please try again.');

function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(ERASURE_MESSAGES.password);
      return;
    }
    setBusy(true);
    setError(null);
    setFailure(null);
    try {
      const answer = await deleteMyAccount(password);
      if (!answer.deleted) {
        setFailure(answer.message);
        return;
      }
      // His sessions have ended on the server; this clears the device too.
      await signOut().catch(() => undefined);
      navigate(paths.login, { replace: true, state: { accountDeleted: true } });
    } catch (thrown) {
      setFailure(failureText(thrown));
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        Delete my account
      </button>
    );
  }
  return (
    <form className="account-form delete-account" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="delete-title">
      <h3 id="delete-title">Delete my account</h3>
      <p>This cannot be undone. We will erase your profile, consent forms, results and email choices, and sign you out everywhere.</p>
      <p>
        Records of past bookings and card payments stay for the charity’s accounts, as the law requires, with no name or contact
        details on them. Cancel any upcoming booking first. We will email you to confirm.
      </p>
      <PasswordField id="delete-password" label="Your password" autoComplete="current-password" value={password}
        onChange={(e) => setPassword(e.target.value)} error={error ?? undefined} />
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-danger" disabled={busy}>
          {busy ? 'Deleting…' : 'Delete my account for good'}
        </button>
        <button type="button" className="button-link" onClick={() => { setOpen(false); setError(null); setFailure(null); setPassword(''); }}>
          Keep my account
        </button>
      </div>
    </form>
  );
}

export function MyDataSection() {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  async function download(format: ExportFormat) {
    setBusy(format);
    setFailure(null);
    try {
      await downloadMyData(format);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <section className="portal-panel my-data" aria-labelledby="my-data-title">
      <h2 id="my-data-title">Your data</h2>
      <p>Everything we hold about you: your profile, consents, bookings, payments, results and email choices.</p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? 'Preparing…' : 'Download my data (JSON)'}
        </button>
        <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void download('html')}>
          {busy === 'html' ? 'Preparing…' : 'Download a readable copy (web page)'}
        </button>
      </div>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <DeleteAccount />
    </section>
  );
}
