-- A line of the lab's results file held for a person to check
-- (docs/rules.md#results-entry): its sample id's check character was
-- wrong, its sample is unknown, of another event, of a cancelled booking
-- or of a man never checked in, or the NHS number or date of birth it
-- carries is not his, or his tube already has a result. A
-- held line is attached to nobody and nobody is emailed until staff attach
-- it to a booking (by the tube's sample id, with his details shown beside
-- the line's) or discard it with a reason.
-- (docs/clinical-safety/hazard-log.md#hazard-1)
CREATE TABLE result_holds (
  hold_id        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id       uuid NOT NULL REFERENCES events (event_id) ON DELETE CASCADE,
  -- The line of the file (the header is line 1) and its cells as written, by column.
  file_line      integer NOT NULL CHECK (file_line >= 2),
  cells          jsonb NOT NULL,
  test_result    numeric(7, 2) NOT NULL CHECK (test_result >= 0),
  comments       text,
  sample_date    date,
  reason         text NOT NULL CHECK (reason IN ('invalid_sample_id', 'unknown_sample', 'other_event',
                   'booking_not_confirmed', 'not_checked_in', 'nhs_number_differs', 'date_of_birth_differs',
                   'result_exists')),
  reason_text    text NOT NULL,
  -- The booking the line's id named (of this event or another), kept so that erasing that
  -- man's account also clears the cells and words naming his details.
  named_appointment_id uuid REFERENCES appointments (appointment_id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL,
  created_by     uuid NOT NULL,
  resolved_at    timestamptz,
  resolved_by    uuid,
  resolution     text CHECK (resolution IN ('attached', 'discarded')),
  appointment_id uuid REFERENCES appointments (appointment_id) ON DELETE SET NULL,
  discard_reason text,
  CHECK ((resolution IS NULL) = (resolved_at IS NULL) AND (resolution IS NULL) = (resolved_by IS NULL)),
  CHECK (resolution IS DISTINCT FROM 'discarded' OR discard_reason IS NOT NULL),
  CHECK (resolution = 'attached' OR appointment_id IS NULL)
);
CREATE INDEX result_holds_waiting ON result_holds (event_id) WHERE resolved_at IS NULL;
CREATE INDEX result_holds_event ON result_holds (event_id, created_at);
