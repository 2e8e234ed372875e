/**
 * The volunteers assigned to one event, on its attendee page, for admins
 * (docs/rules.md#staff-roles): assign one by his account's email (he holds
 * the volunteer role, given on the Staff page) or take him off. A volunteer
 * opens the event's list, check-in and labels only on the event's day.
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { Spinner } from '@/lib/ui/spinner';
import { TextField } from '@/lib/ui/text-field';
import { useAssignVolunteer, useEventVolunteers } from '../api/staff-accounts';
import '@/lib/ui/forms.css';

export function EventVolunteers({ userId, eventId }: { userId: string; eventId: string }) {
  const volunteers = useEventVolunteers(userId, eventId);
  const change = useAssignVolunteer(userId, eventId);
  const [email, setEmail] = useState('');
  const issue = change.error instanceof ApiError ? (change.error.issues.find((i) => i.path === 'email')?.message ?? change.error.message) : change.error?.message;

  const assign = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ assign: email.trim() }, { onSuccess: () => setEmail('') });
  };

  return (
    <section className="staff-volunteers no-print" aria-labelledby="volunteers-title">
      <h2 id="volunteers-title">Volunteers at this event</h2>
      <p className="hint">A volunteer sees this list, checks men in and prints labels on the event&rsquo;s day only, with no results or consent answers.</p>
      {volunteers.data ? (
        volunteers.data.length === 0 ? (
          <p>No volunteers assigned.</p>
        ) : (
          <ul>
            {volunteers.data.map((v) => (
              <li key={v.user_id}>
                {v.email}{' '}
                <button type="button" className="button button-small" disabled={change.isPending} onClick={() => change.mutate({ unassign: v.user_id })}>
                  Take off this event<span className="visually-hidden"> the account of {v.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : volunteers.error ? (
        <p className="form-failure" role="alert">
          {volunteers.error.message}
        </p>
      ) : (
        <Spinner label="Loading volunteers" />
      )}
      <form onSubmit={assign} noValidate>
        <TextField
          id="volunteer-email"
          label="Volunteer’s email address"
          error={issue}
          announce
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          Assign to this event
        </button>
      </form>
    </section>
  );
}
