-- Every look at a man's record (docs/rules.md#record-access): a staff read
-- that showed his results, consent answers, NHS number, or his name with
-- his date of birth. Changes stay in staff_audit; this is what was seen.
-- Who (the staff user, the role he held then and the first name his
-- account gave, never an address), which man, from which event, why, and
-- what was seen. Repeated reads by one person of one man for one reason
-- at one event on one UK day are one row, with the first and last read
-- and how many: a list refreshed all day at the door is one look, not
-- hundreds. His portal reads his rows newest first; erasing his account
-- deletes them. (docs/clinical-safety/hazard-log.md#hazard-6)
CREATE TABLE record_access (
  access_id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile_id       integer NOT NULL REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  event_id         uuid REFERENCES events (event_id) ON DELETE SET NULL,
  staff_user_id    uuid NOT NULL,
  staff_role       text NOT NULL CHECK (staff_role IN ('admin', 'clinical', 'events', 'volunteer')),
  staff_first_name text CHECK (char_length(staff_first_name) BETWEEN 1 AND 40),
  reason           text NOT NULL CHECK (reason IN ('check_in', 'result_entry', 'follow_up', 'consent', 'labels',
                     'lab_manifest', 'result_checking')),
  seen             text[] NOT NULL CHECK (cardinality(seen) > 0
                     AND seen <@ ARRAY['identity', 'nhs_number', 'results', 'consent_answers']::text[]),
  -- The UK date of the reads the row stands for.
  london_day       date NOT NULL,
  first_at         timestamptz NOT NULL,
  last_at          timestamptz NOT NULL CHECK (last_at >= first_at),
  reads            integer NOT NULL DEFAULT 1 CHECK (reads >= 1)
);
CREATE UNIQUE INDEX record_access_one_a_day ON record_access (staff_user_id, profile_id, event_id, staff_role, reason, london_day);
CREATE INDEX record_access_member ON record_access (profile_id, last_at DESC);
CREATE INDEX record_access_time ON record_access (first_at);
