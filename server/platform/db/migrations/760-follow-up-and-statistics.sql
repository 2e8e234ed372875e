-- What followed an amber or red result (docs/rules.md#follow-up-outcomes),
-- and the yearly figures staff publish (docs/rules.md#publishing-statistics,
-- docs/decisions/0022-screening-statistics.md). The outcome is one of
-- src/domain/follow-up.ts; the server takes it only for a result whose band
-- (src/domain/psa-band.ts) is amber or red.
ALTER TABLE member_results ADD COLUMN follow_up_outcome text
  CHECK (follow_up_outcome IN ('seen_gp', 'referred', 'biopsy', 'cancer_radical', 'cancer_surveillance', 'no_cancer', 'not_known'));
ALTER TABLE member_results ADD COLUMN follow_up_recorded_at timestamptz;

-- Each time staff press Publish: the year's figures as computed then, after
-- the small-number rule (docs/rules.md#small-numbers,
-- src/domain/screening-figures.ts), kept as they were shown, so the public
-- pages never show a figure nobody approved. The public pages read each
-- published year's latest row. Never updated or deleted by the application;
-- who published is in staff_audit too.
CREATE TABLE published_statistics (
  publication_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  year           integer NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  figures        jsonb NOT NULL,
  published_at   timestamptz NOT NULL,
  staff_user_id  uuid NOT NULL,
  staff_email    text NOT NULL
);
CREATE INDEX published_statistics_latest ON published_statistics (year DESC, published_at DESC);
