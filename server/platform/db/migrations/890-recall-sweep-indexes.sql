-- The recall sweeps at a national scale (docs/decisions/0031-recall-sweep-at-scale.md):
-- their cost follows the rows they take, not the tables.
--
-- "Has he a booking ahead / has he booked since?" (BOOKED_AHEAD and
-- BOOKED_SINCE_INVITATION in server/modules/results/recall-emails-service.ts)
-- looked up each man's bookings with no index on profile_id: every sweep
-- hashed all confirmed bookings. Each man has a handful, found by this.
CREATE INDEX appointments_profile ON appointments (profile_id);

-- Each sweep takes the earliest due first (ORDER BY the date, result_id,
-- LIMIT, FOR UPDATE SKIP LOCKED). With the date alone indexed, a backlog
-- due on one day was read and sorted whole for every batch; with both
-- columns in index order the sweep walks the index and stops at its limit.
DROP INDEX member_results_awaiting_invitation;
CREATE INDEX member_results_awaiting_invitation ON member_results (next_test_due, result_id)
  WHERE next_test_due IS NOT NULL AND recall_invited_at IS NULL AND test_result IS NOT NULL;

DROP INDEX member_results_awaiting_follow_up;
CREATE INDEX member_results_awaiting_follow_up ON member_results (recall_follow_up_on, result_id)
  WHERE recall_follow_up_on IS NOT NULL AND recall_followed_up_at IS NULL AND test_result IS NOT NULL;

DROP INDEX member_results_awaiting_gp_prompt;
CREATE INDEX member_results_awaiting_gp_prompt ON member_results (gp_prompt_due, result_id)
  WHERE gp_prompt_due IS NOT NULL AND gp_prompt_sent_at IS NULL AND test_result IS NOT NULL;
