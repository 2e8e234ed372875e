/**
 * "Who has looked at your record" on the portal (docs/rules.md#record-access),
 * as the NHS App shows who opened a care record: each look by the charity's
 * staff at his details, results or consent answers, newest first, with the
 * day (UK date), the staff member's first name and role, why, what was seen
 * and at which event. Never a staff member's email address. Reads offline
 * from the saved copy like the rest of his record.
 */
import { formatLongDate } from '@/domain/format';
import {
  ACCESS_REASON_WORDS,
  RECORD_ACCESS_SHOWN,
  seenInWords,
  STAFF_ROLE_WORDS,
  UNNAMED_STAFF,
  type RecordLook,
} from '@/domain/record-access';
import { Spinner } from '@/lib/ui/spinner';
import { useRecordAccess } from '../api/get-record-access';

function Look({ look }: { look: RecordLook }) {
  return (
    <li className="record-access-look">
      <p className="record-access-when">
        <strong>{formatLongDate(look.date)}</strong>: {ACCESS_REASON_WORDS[look.reason]}
      </p>
      <p>
        {look.first_name ?? UNNAMED_STAFF} ({STAFF_ROLE_WORDS[look.role]}) saw {seenInWords(look.seen)}
        {look.event_name ? `, for ${look.event_name}` : ''}.
      </p>
    </li>
  );
}

export function RecordAccessSection({ userId }: { userId: string }) {
  const access = useRecordAccess(userId);
  return (
    <section className="portal-panel record-access" aria-labelledby="record-access-title">
      <h2 id="record-access-title">Who has looked at your record</h2>
      <p>
        Each time the charity’s staff open your details, results or consent answers, it is listed here: who, when and why.
        Several looks by the same person for the same reason on one day are shown once.
      </p>
      {access.data ? (
        access.data.looks.length === 0 ? (
          <p>No member of staff has looked at your record yet.</p>
        ) : (
          <>
            <ol className="record-access-list">
              {access.data.looks.map((look, i) => (
                <Look key={`${look.date}-${look.reason}-${look.role}-${look.last_at}-${i}`} look={look} />
              ))}
            </ol>
            {access.data.more && <p>These are the latest {RECORD_ACCESS_SHOWN}. Your data download below has them all.</p>}
          </>
        )
      ) : access.isError ? (
        <p className="form-failure" role="alert">
          The list could not be loaded: {access.error.message}
        </p>
      ) : (
        <Spinner label="Loading who has looked at your record" />
      )}
    </section>
  );
}
