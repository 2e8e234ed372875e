-- The clinical rule, versioned (docs/rules.md#clinical-rules,
-- docs/decisions/0029-versioned-clinical-rules.md): the PSA band thresholds
-- by age band and the recall intervals by band and risk
-- (src/domain/clinical-rule.ts), one row per version. A change is a new
-- version saved by a clinical user with a reason, never an update of a row;
-- the staff audit records it in the same transaction. Version 1 holds the
-- values the code used before the rule was versioned.
CREATE TABLE clinical_rules (
  version     integer PRIMARY KEY CHECK (version >= 1),
  rule        jsonb NOT NULL,
  reason      text NOT NULL CHECK (btrim(reason) <> ''),
  created_at  timestamptz NOT NULL,
  -- The staff member who saved it, from the token; NULL only for version 1, seeded here.
  created_by  uuid,
  created_by_email text,
  CHECK (version = 1 OR (created_by IS NOT NULL AND created_by_email IS NOT NULL))
);

INSERT INTO clinical_rules (version, rule, reason, created_at) VALUES (
  1,
  '{"amber_from": {"age_40s": 1, "age_50s": 2, "age_60s": 3, "age_70_plus": 5},
    "red_factor": 2,
    "green_months": {"high": 12, "intermediate": 24, "low": 36},
    "amber_months": 3,
    "red_gp_prompt_days": 42}'::jsonb,
  'The values the site used before the rule was versioned: the charity''s starting lines for the 40s and 50s, the NHS PCRMP referral values for the 60s and 70s, red at twice the amber line, and the recall intervals of docs/decisions/0017-recall-intervals.md.',
  now()
);

-- Each result keeps the band it was given and the rule version that banded
-- it and set its recall (docs/clinical-safety/hazard-log.md#hazard-2): the
-- member's pages, the console, statistics, the follow-up worklist and recall
-- read these, never today's rule.
ALTER TABLE member_results ADD COLUMN psa_band text CHECK (psa_band IN ('green', 'amber', 'red'));
ALTER TABLE member_results ADD COLUMN rule_version integer REFERENCES clinical_rules (version);
ALTER TABLE member_results ADD CONSTRAINT member_results_band_needs_version CHECK (psa_band IS NULL OR rule_version IS NOT NULL);

-- Existing results were banded by version 1: the same sums as
-- src/domain/psa-band.ts, with his age in whole years (src/domain/age.ts
-- ageOn) on the sample's date, else the appointment's, as his results page
-- worked it out.
UPDATE member_results SET rule_version = 1 WHERE test_result IS NOT NULL;
WITH aged AS (
  SELECT r.result_id, round(r.test_result, 2) AS value,
         (extract(year FROM d.on_date) - extract(year FROM p.date_of_birth)
           - CASE WHEN (extract(month FROM d.on_date), extract(day FROM d.on_date))
                     < (extract(month FROM p.date_of_birth), extract(day FROM p.date_of_birth)) THEN 1 ELSE 0 END)::integer AS age
  FROM member_results r
  JOIN member_profiles p ON p.profile_id = r.profile_id
  LEFT JOIN member_appointments ma ON ma.appointment_id = r.appointment_id
  CROSS JOIN LATERAL (SELECT COALESCE(r.sample_date, ma.event_date) AS on_date) d
  WHERE r.test_result IS NOT NULL AND r.test_result >= 0 AND p.date_of_birth IS NOT NULL AND d.on_date IS NOT NULL
),
lined AS (
  SELECT result_id, value, CASE WHEN age >= 70 THEN 5 WHEN age >= 60 THEN 3 WHEN age >= 50 THEN 2 ELSE 1 END AS amber
  FROM aged WHERE age >= 0
)
UPDATE member_results m
SET psa_band = CASE WHEN l.value >= l.amber * 2 THEN 'red' WHEN l.value >= l.amber THEN 'amber' ELSE 'green' END
FROM lined l WHERE m.result_id = l.result_id;
