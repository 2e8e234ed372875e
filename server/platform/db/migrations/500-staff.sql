-- The staff console (docs/rules.md#staff-role,
-- docs/decisions/0010-staff-console.md).

-- Supabase keeps roles the member cannot change in app_metadata (a hosted
-- project sets it with its admin API); the stand-in keeps them here and
-- puts them in the access token. {"role": "staff"} opens /api/staff.
ALTER TABLE auth_users ADD COLUMN app_metadata jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A cancelled event leaves every public list and takes no bookings; the
-- row stays so its appointments, consents and audit rows keep their event.
ALTER TABLE events ADD COLUMN cancelled_at timestamptz;

-- Every write a staff member makes: who, what, when, and the row before
-- and after (NULL when there was none, e.g. a new event). Never updated
-- or deleted by the application.
CREATE TABLE staff_audit (
  audit_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The staff member's auth user (the token's sub) and address at the time.
  staff_user_id uuid NOT NULL,
  staff_email   text NOT NULL,
  action        text NOT NULL,
  entity        text NOT NULL,
  entity_id     text NOT NULL,
  before        jsonb,
  after         jsonb,
  created_at    timestamptz NOT NULL
);
CREATE INDEX staff_audit_entity ON staff_audit (entity, entity_id);

-- Arrival at the venue (docs/rules.md#check-in): one row per appointment, so
-- a check-in queued offline and sent twice (or by two staff phones) is
-- recorded once. checked_in_at is when staff tapped the name (the phone's
-- clock, as sent); recorded_at is when the server received it.
CREATE TABLE check_ins (
  appointment_id uuid PRIMARY KEY REFERENCES appointments (appointment_id) ON DELETE CASCADE,
  event_id       uuid NOT NULL REFERENCES events (event_id) ON DELETE CASCADE,
  checked_in_at  timestamptz NOT NULL,
  recorded_at    timestamptz NOT NULL,
  staff_user_id  uuid NOT NULL
);
CREATE INDEX check_ins_event ON check_ins (event_id);
