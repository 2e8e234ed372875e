-- A held line of the lab's results file whose tube was a man's, or that was
-- attached to him, keeps nothing of his result once he erases his account
-- (server/modules/members/member-erasure-service.ts;
-- docs/clinical-safety/hazard-log.md#hazard-6): its PSA value, the lab's
-- comment and the sample's date go with the file's cells and words, since
-- the booking it names stays (anonymous, but placed by event and slot).
-- erased_at says when; an erased line can no longer be attached to anyone
-- (result-holds-service.ts), only discarded.
ALTER TABLE result_holds ADD COLUMN erased_at timestamptz;
ALTER TABLE result_holds ALTER COLUMN test_result DROP NOT NULL;

-- Lines erased before this column: their cells were replaced by the marker,
-- and their values go now. Erased when the booking they name was, or by now.
UPDATE result_holds h
SET erased_at = coalesce((SELECT max(a.erased_at) FROM appointments a WHERE a.appointment_id IN (h.appointment_id, h.named_appointment_id)), now()),
    test_result = NULL, comments = NULL, sample_date = NULL
WHERE h.cells = '{"erased": "true"}'::jsonb;

-- A value only on a line not erased, and an erased line holds nothing of the file.
ALTER TABLE result_holds ADD CONSTRAINT result_holds_value_unless_erased CHECK ((test_result IS NULL) = (erased_at IS NOT NULL));
ALTER TABLE result_holds ADD CONSTRAINT result_holds_erased_empty
  CHECK (erased_at IS NULL OR (cells = '{"erased": "true"}'::jsonb AND comments IS NULL AND sample_date IS NULL));
