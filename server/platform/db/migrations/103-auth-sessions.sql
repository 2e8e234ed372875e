-- Sessions end after a time without use and at an absolute lifetime
-- (AUTH_SESSION_INACTIVITY_DAYS, AUTH_SESSION_LIFETIME_DAYS;
-- docs/rules.md#sessions): refreshed_at is the last refresh, the member's
-- last sign of life. Existing sessions count from their start.
ALTER TABLE auth_sessions ADD COLUMN refreshed_at timestamptz;
UPDATE auth_sessions SET refreshed_at = created_at;
ALTER TABLE auth_sessions ALTER COLUMN refreshed_at SET NOT NULL;

-- Throttles no longer lock a key until a time: an attempt past the window's
-- allowance waits for the window to close (docs/rules.md#sign-in-limits,
-- docs/decisions/0008-threat-model.md).
ALTER TABLE auth_throttles DROP COLUMN locked_until;
