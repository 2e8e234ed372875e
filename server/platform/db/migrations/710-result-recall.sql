-- When each man's next PSA test is due (docs/rules.md#recall-intervals,
-- docs/decisions/0017-recall-intervals.md): set when his result is saved,
-- from the result's band and his risk (src/domain/recall.ts), so the portal,
-- /medical-results and the recall invitations read one stored date.
-- recall_months_override is staff's interval for this one result, kept across
-- a corrected value.
ALTER TABLE member_results ADD COLUMN recall_risk text CHECK (recall_risk IN ('high', 'intermediate', 'low'));
ALTER TABLE member_results ADD COLUMN recall_months_override integer CHECK (recall_months_override BETWEEN 1 AND 60);
ALTER TABLE member_results ADD COLUMN next_test_due date;
CREATE INDEX member_results_next_test_due ON member_results (next_test_due) WHERE next_test_due IS NOT NULL;
