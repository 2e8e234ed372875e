-- The first live hold's end, asked each time a public answer is built (the
-- events listing, an event's free times: an answer is kept until then) and
-- by the sweep of lapsed holds, is read from the holds alone: a few rows at
-- any moment, where it read every booking ever made (13 ms at 250,000 on
-- each build of the listing).
CREATE INDEX appointments_live_holds ON appointments (hold_expires_at) WHERE status = 'held';
