/**
 * /staff/members/new: registering a man at a screening venue
 * (docs/rules.md#venue-registration). Staff type his names and email; he is
 * emailed a link to choose his own password and, straight after, is asked for
 * his other details, with the names staff typed (kept on his account) filled in
 * to check. No limit per address applies, so a whole evening's queue can be
 * registered on the hall's Wi-Fi. The form checks with the same rules as the
 * server (src/domain/venue-registration.ts) and shows the server's own refusals
 * (an address already registered) on the field.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { checkVenueRegistration, type VenueRegistrationField, type VenueRegistrationIssue } from '@/domain/venue-registration';
import { ApiError } from '@/lib/api-client';
import { ErrorSummary } from '@/lib/ui/error-summary';
import { TextField } from '@/lib/ui/text-field';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRegisterMember, type RegisteredMember } from '../api/register-member';
import { RequireStaff } from '../components/require-staff';
import '@/lib/ui/forms.css';
import '../staff.css';

const FIELDS: { name: VenueRegistrationField; label: string; autoComplete: string; type?: string }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', autoComplete: 'off' },
  { name: 'email', label: 'Email address', autoComplete: 'off', type: 'email' },
];

type Values = Record<VenueRegistrationField, string>;
const EMPTY: Values = { first_name: '', last_name: '', email: '' };
const fieldId = (name: VenueRegistrationField) => `register-${name}`;

function serverIssues(error: unknown): VenueRegistrationIssue[] {
  if (!(error instanceof ApiError)) return [];
  return error.issues
    .filter((i): i is typeof i & { path: VenueRegistrationField } => FIELDS.some((f) => f.name === i.path))
    .map((i) => ({ field: i.path, message: i.message }));
}

function Done({ registered, onNext }: { registered: RegisteredMember; onNext: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="staff-registered" role="status" tabIndex={-1} ref={ref}>
      <h2>Account made for {registered.email}</h2>
      {registered.emailed ? (
        <p>
          We have emailed him a link to choose his password. It works for 24 hours. Once he has chosen it, he is asked for his other
          details, with the names you typed filled in for him to check.
        </p>
      ) : (
        <p className="form-failure">
          The account is made, but the email could not be sent. Ask him to choose Forgot password? on the sign-in page with this
          address to set his password.
        </p>
      )}
      <button type="button" className="button button-primary" onClick={onNext}>
        Register another member
      </button>
    </div>
  );
}

function RegisterForm() {
  const register = useRegisterMember();
  const [values, setValues] = useState<Values>(EMPTY);
  const [issues, setIssues] = useState<VenueRegistrationIssue[]>([]);
  // One list per answer, so the summary takes focus when a refusal comes, not at each key typed.
  const refused = useMemo(() => serverIssues(register.error), [register.error]);
  const shown = issues.length > 0 ? issues : refused;
  const failure = register.error && shown.length === 0 ? register.error.message : null;
  const issueOf = (name: VenueRegistrationField) => shown.find((i) => i.field === name)?.message;

  if (register.data) {
    return (
      <Done
        registered={register.data}
        onNext={() => {
          register.reset();
          setValues(EMPTY);
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkVenueRegistration(values);
    setIssues(checked.issues);
    if (checked.registration) register.mutate(values);
  };

  return (
    <form className="staff-register-form" onSubmit={submit} noValidate>
      <ErrorSummary errors={shown} fieldId={fieldId} />
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={fieldId(field.name)}
          name={field.name}
          label={field.label}
          error={issueOf(field.name)}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          spellCheck={false}
          value={values[field.name]}
          onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
        />
      ))}
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={register.isPending}>
        {register.isPending ? 'Registering…' : 'Register and email him'}
      </button>
    </form>
  );
}

export default function StaffRegisterMemberPage() {
  useDocumentTitle('Register a member');
  return (
    <RequireStaff needs="registerMember">
      {() => (
        <div className="page staff-page">
          <p>
            <Link className="staff-link" to={paths.staff}>Back to events</Link>
          </p>
          <h1>Register a member</h1>
          <p>
            For men at a screening event who have no account yet. Type his names and the email address he reads; we email him a link
            to choose his own password. Never ask for or type his password.
          </p>
          <p>To book a man who has walked in to today&rsquo;s event, use Register a walk-in on that event&rsquo;s attendee list instead: he gets his ticket at once.</p>
          <RegisterForm />
        </div>
      )}
    </RequireStaff>
  );
}
