-- A result's recall dates come from its own dates (storeRecall in
-- server/modules/results/recall-service.ts): a follow-up is only set once an
-- invitation went for a due date, and a GP prompt only from a sample date.
-- The recall sweeps read these rows by a strict shape
-- (server/platform/db/rows.ts), so one row without its source date would
-- stop every follow-up and GP prompt, for every man, each minute; the
-- database refuses such a row where it would be written instead
-- (docs/clinical-safety/hazard-log.md#hazard-4).
ALTER TABLE member_results ADD CONSTRAINT member_results_follow_up_needs_due
  CHECK (recall_follow_up_on IS NULL OR next_test_due IS NOT NULL);
ALTER TABLE member_results ADD CONSTRAINT member_results_gp_prompt_needs_sample_date
  CHECK (gp_prompt_due IS NULL OR sample_date IS NOT NULL);
