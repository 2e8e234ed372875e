-- Staff roles with least privilege (docs/rules.md#staff-roles,
-- docs/decisions/0032-staff-route-policy.md). A volunteer opens an event's
-- attendee list, check-in and labels only when an admin has assigned him
-- to that event, and only on the event's day (UK date). One row per
-- volunteer and event; erasing his account or the event removes it. Who
-- assigned him and when is in staff_audit too.
CREATE TABLE volunteer_assignments (
  event_id    uuid NOT NULL REFERENCES events (event_id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  assigned_at timestamptz NOT NULL,
  assigned_by uuid NOT NULL,
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX volunteer_assignments_user ON volunteer_assignments (user_id);
