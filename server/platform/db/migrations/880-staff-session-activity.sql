-- When each signed-in session last used the staff console
-- (docs/rules.md#staff-idle): a staff session idle for STAFF_IDLE_MINUTES
-- is refused on every staff route until he signs in again with his
-- password, which starts a new session. Keyed by the access token's
-- session_id, so it holds for a hosted Supabase project's sessions too.
CREATE TABLE staff_session_activity (
  session_id    uuid PRIMARY KEY,
  user_id       uuid NOT NULL,
  started_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL
);

-- Old rows are cleared by when they were last seen.
CREATE INDEX staff_session_activity_last_seen ON staff_session_activity (last_seen_at);
