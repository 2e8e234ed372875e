-- A blood sample, tied to the booking of the man it was taken from
-- (docs/rules.md#sample-ids). Its id is assigned once, either when staff
-- print labels for an event before the day or when a check-in is confirmed
-- at the door, and never changes: the tube's label, the lab's manifest and
-- the lab's results file all carry it. One sample per booking; an id is
-- never reused, even for another event.
-- (docs/clinical-safety/hazard-log.md#hazard-1, #hazard-7)
CREATE TABLE samples (
  sample_id      text PRIMARY KEY CHECK (sample_id ~ '^[0-9A-Z]{7}[0-9A-Z*]$'),
  appointment_id uuid NOT NULL UNIQUE REFERENCES appointments (appointment_id) ON DELETE CASCADE,
  event_id       uuid NOT NULL REFERENCES events (event_id) ON DELETE CASCADE,
  assigned_at    timestamptz NOT NULL,
  -- Where it was assigned: labels printed ahead, or a check-in at the door.
  assigned_during text NOT NULL CHECK (assigned_during IN ('labels', 'check_in')),
  staff_user_id  uuid NOT NULL
);
CREATE INDEX samples_event ON samples (event_id);
