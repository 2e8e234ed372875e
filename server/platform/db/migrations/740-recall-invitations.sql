-- The recall emails (docs/rules.md#recall-invitations,
-- docs/rules.md#gp-prompt,
-- docs/decisions/0020-recall-invitations-and-gp-prompt.md), marked on the
-- result they follow so each goes once, whichever process's sweep finds it:
-- the invitation four weeks before next_test_due (with the events it listed),
-- its one follow-up a month later (follow_up_on, the UK date it is due), and
-- after a red result the prompt to see a GP (gp_prompt_due, set with the
-- result, 6 weeks after the sample). The sweep locks and updates the result's
-- own row, so a second sweep waiting on that lock re-reads the mark and
-- passes the row by.
ALTER TABLE member_results ADD COLUMN recall_invited_at timestamptz;
ALTER TABLE member_results ADD COLUMN recall_invited_events uuid[];
ALTER TABLE member_results ADD COLUMN recall_follow_up_on date;
ALTER TABLE member_results ADD COLUMN recall_followed_up_at timestamptz;
ALTER TABLE member_results ADD COLUMN recall_follow_up_events uuid[];
ALTER TABLE member_results ADD COLUMN gp_prompt_due date;
ALTER TABLE member_results ADD COLUMN gp_prompt_sent_at timestamptz;
-- What the sweeps read: results awaiting an invitation, a follow-up or a GP prompt.
CREATE INDEX member_results_awaiting_invitation ON member_results (next_test_due)
  WHERE next_test_due IS NOT NULL AND recall_invited_at IS NULL;
CREATE INDEX member_results_awaiting_follow_up ON member_results (recall_follow_up_on)
  WHERE recall_follow_up_on IS NOT NULL AND recall_followed_up_at IS NULL;
CREATE INDEX member_results_awaiting_gp_prompt ON member_results (gp_prompt_due)
  WHERE gp_prompt_due IS NOT NULL AND gp_prompt_sent_at IS NULL;

-- The GP prompt is its own email choice, on until he turns it off: it
-- follows his own result (src/domain/email-choices.ts).
ALTER TABLE member_email_choices ADD COLUMN gp_prompt boolean NOT NULL DEFAULT true;
