/**
 * /staff/accounts: the staff accounts and their roles, for admins
 * (docs/rules.md#staff-roles). An admin gives a role to an account by its
 * email (the person signs up on the site first), changes it or removes it;
 * each change takes effect on that person's next tap and is in the staff
 * audit. His own admin role cannot be taken away here. An admin resets
 * the authenticator of someone who lost his phone, after saying what that
 * does; he is signed out everywhere at once. Volunteers are
 * assigned to events on each event's attendee page. With a hosted Supabase
 * project the server answers that roles are set there, and the page says so.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { STAFF_ROLE_TEXT, type StaffAccount } from '@/domain/staff-accounts';
import { STAFF_ROLES, type StaffRole } from '@/domain/staff-roles';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { Spinner } from '@/lib/ui/spinner';
import { TextField } from '@/lib/ui/text-field';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResetSecondFactor, useSetRole, useStaffAccounts } from '../api/staff-accounts';
import { RequireStaff } from '../components/require-staff';
import '@/lib/ui/forms.css';
import '../staff.css';

function RoleSelect({ id, value, onChange }: { id: string; value: StaffRole; onChange: (role: StaffRole) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as StaffRole)}>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {STAFF_ROLE_TEXT[role].name}
        </option>
      ))}
    </select>
  );
}

function AccountRow({
  account,
  self,
  onSave,
  onReset,
  busy,
}: {
  account: StaffAccount;
  self: boolean;
  onSave: (role: StaffRole | null) => void;
  onReset: () => void;
  busy: boolean;
}) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const factor = account.second_factor ? 'Authenticator app added.' : 'No authenticator app yet.';
  return (
    <li className="staff-card">
      <h3 className="staff-card-title">{account.email}</h3>
      {self ? (
        <p>
          {STAFF_ROLE_TEXT[account.role].name} (you). {factor} Another admin can change your own role or reset your authenticator.
        </p>
      ) : (
        <>
          <p>{factor}</p>
          <div className="staff-account-actions">
            <label htmlFor={id}>
              Role<span className="visually-hidden"> of {account.email}</span>
            </label>
            <RoleSelect id={id} value={role} onChange={setRole} />
            <button type="button" className="button button-small" disabled={busy || role === account.role} onClick={() => onSave(role)}>
              Save<span className="visually-hidden"> the role of {account.email}</span>
            </button>
            <button type="button" className="button button-small" disabled={busy} onClick={() => onSave(null)}>
              Remove from staff<span className="visually-hidden"> the account of {account.email}</span>
            </button>
            {account.second_factor && !confirming && (
              <button type="button" className="button button-small" disabled={busy} onClick={() => setConfirming(true)}>
                Reset authenticator<span className="visually-hidden"> of {account.email}</span>
              </button>
            )}
          </div>
          {confirming && (
            <div className="staff-confirm" role="group" aria-label={`Reset the authenticator of ${account.email}`}>
              <p>
                For a lost or replaced phone: this removes his authenticator app and signs him out everywhere at once. At his next sign-in he adds the app
                again before anything medical opens.
              </p>
              <div className="staff-account-actions">
                <button
                  type="button"
                  className="button button-small"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(false);
                    onReset();
                  }}
                >
                  Reset and sign him out
                </button>
                <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
                  Keep it
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </li>
  );
}

function StaffAccounts({ userId }: { userId: string }) {
  const accounts = useStaffAccounts(userId);
  const setRole = useSetRole(userId);
  const resetFactor = useResetSecondFactor(userId);
  const [email, setEmail] = useState('');
  const [role, setNewRole] = useState<StaffRole>('volunteer');
  const [done, setDone] = useState<string | null>(null);
  const unavailable = accounts.error instanceof ApiError && accounts.error.status === 409;

  const reset = (target: string) => {
    setDone(null);
    resetFactor.mutate(target, {
      onSuccess: (r) => setDone(`${r.email}'s authenticator app is removed and he is signed out everywhere. He adds the app again at his next sign-in.`),
    });
  };
  const save = (target: string, next: StaffRole | null) => {
    setDone(null);
    setRole.mutate(
      { email: target, role: next },
      {
        onSuccess: (changed) => {
          setDone(changed.role ? `${changed.email} is now ${STAFF_ROLE_TEXT[changed.role].name}.` : `${changed.email} is no longer staff.`);
          if (target === email) setEmail('');
        },
      },
    );
  };
  const grant = (event: FormEvent) => {
    event.preventDefault();
    save(email.trim(), role);
  };
  const emailIssue = setRole.error instanceof ApiError ? setRole.error.issues.find((i) => i.path === 'email')?.message : undefined;

  return (
    <div className="page staff-page staff-accounts-page">
      <p>
        <Link className="staff-link" to={paths.staff}>Back to events</Link>
      </p>
      <h1>Staff and their roles</h1>
      <dl className="staff-roles-help">
        {STAFF_ROLES.map((r) => (
          <div key={r}>
            <dt>{STAFF_ROLE_TEXT[r].name}</dt>
            <dd>{STAFF_ROLE_TEXT[r].opens}</dd>
          </div>
        ))}
      </dl>
      <p>Volunteers are assigned to an event on that event&rsquo;s attendee page.</p>
      <div role="status">{done}</div>
      {setRole.error && !emailIssue && (
        <p className="form-failure" role="alert">
          {setRole.error.message}
        </p>
      )}
      {resetFactor.error && (
        <p className="form-failure" role="alert">
          {resetFactor.error.message}
        </p>
      )}
      {unavailable ? (
        <p className="form-failure" role="alert">
          {accounts.error?.message}
        </p>
      ) : (
        <>
          <form className="staff-register-form" onSubmit={grant} noValidate>
            <h2>Give someone a role</h2>
            <p className="hint">He signs up on the site first; then type the email address of his account.</p>
            <TextField
              id="grant-email"
              label="Email address"
              error={emailIssue}
              announce
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div className="form-field">
              <label htmlFor="grant-role">Role</label>
              <RoleSelect id="grant-role" value={role} onChange={setNewRole} />
            </div>
            <button type="submit" className="button button-primary" disabled={setRole.isPending}>
              Give the role
            </button>
          </form>
          <h2>Staff accounts</h2>
          {accounts.data ? (
            <ul className="staff-cards">
              {accounts.data.map((account) => (
                <AccountRow
                  key={`${account.user_id}-${account.role}-${account.second_factor}`}
                  account={account}
                  self={account.user_id === userId}
                  busy={setRole.isPending || resetFactor.isPending}
                  onSave={(next) => save(account.email, next)}
                  onReset={() => reset(account.email)}
                />
              ))}
            </ul>
          ) : accounts.error ? (
            <p className="form-failure" role="alert">
              {accounts.error.message}
            </p>
          ) : (
            <Spinner label="Loading staff accounts" />
          )}
        </>
      )}
    </div>
  );
}

export default function StaffAccountsPage() {
  useDocumentTitle('Staff and their roles');
  return <RequireStaff needs="staffAccounts">{(member) => <StaffAccounts userId={member.userId} />}</RequireStaff>;
}
