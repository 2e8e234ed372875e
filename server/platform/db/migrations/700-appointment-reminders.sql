-- The email the day before an appointment (docs/rules.md#reminders,
-- docs/decisions/0016-appointment-reminders.md): when it was queued, so each
-- booking gets one, whichever process's sweep finds it first. A change of
-- time keeps it: a booking already reminded is not reminded again, and the
-- change's own email carries the new time.
ALTER TABLE appointments ADD COLUMN reminder_sent_at timestamptz;
-- What the sweep reads: confirmed bookings not yet reminded, by event.
CREATE INDEX appointments_awaiting_reminder ON appointments (event_id)
  WHERE status = 'confirmed' AND reminder_sent_at IS NULL;
