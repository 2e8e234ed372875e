-- The staff statistics page's figures, kept between changes
-- (docs/decisions/0030-statistics-kept-between-changes.md). A year's figures
-- (every event-type view, src/domain/screening-figures.ts) are computed from
-- its results once and kept in statistics_year_figures with the generation
-- they were read at; a read that finds them at least as new as the last
-- change to that year uses them, any other read computes them again.
--
-- Every committed change that can move a year's figures moves the
-- generation and records it against that year, in the same transaction as
-- the change, whoever makes it (the API, a job, a script, psql, a cascade):
-- - a result with a value and a sample date added, removed, or changed in
--   its value, date, band, follow-up outcome, member or booking (both the
--   year it leaves and the year it joins);
-- - a member's date of birth or ethnicity (the years of his results);
-- - a booking's history row moved to another event (the result's year);
-- - an event added, removed, or given another category or id (the years of
--   the results at it: member_appointments.event_id has no foreign key, so
--   an event deleted or added back moves its results between a type and
--   "not at a listed event");
-- - a release of a year added or removed (small-number suppression holds
--   a year's figures to its releases);
-- - a TRUNCATE of any of those tables (every year).
-- A member erased takes his results with him (ON DELETE CASCADE), and each
-- of those is a result removed; a history row removed sets its result's
-- appointment_id to NULL, which is a result changed.
--
-- The triggers are deferred to COMMIT, so the one row of
-- statistics_generation is locked only while a transaction commits, never
-- while it waits on anything else. Generations are therefore given in the
-- order transactions commit: a snapshot that reads generation G sees every
-- change up to G and none after. Deferred triggers that look up years
-- (a member's, an event's) take that lock first, so every change committed
-- before is visible to them and every change committed after marks its own
-- years. Changes to other columns (recall dates, emails sent, a profile
-- saved with the same date of birth) queue nothing.

CREATE TABLE statistics_generation (
  singleton        boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  generation       bigint NOT NULL,
  -- The generation of the last change that may have moved every year (a TRUNCATE).
  every_year_since bigint NOT NULL
);
INSERT INTO statistics_generation (generation, every_year_since) VALUES (1, 1);

-- The generation of the last committed change to each year's figures.
CREATE TABLE statistics_year_changes (
  year       integer PRIMARY KEY,
  generation bigint NOT NULL
);

-- A year's figures as computed at a generation, by a version of the rule
-- (FIGURES_RULE in server/modules/statistics/year-figures-kept.ts): every
-- view, as JSON text (json keeps it as written, so a kept answer is the
-- same bytes as a fresh one).
CREATE TABLE statistics_year_figures (
  year        integer NOT NULL,
  rule        integer NOT NULL,
  generation  bigint NOT NULL,
  figures     json NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (year, rule)
);

-- The years with results, read newest first one index probe a year; and
-- the results at an event, for the event trigger below.
CREATE INDEX member_results_counted_sample_date ON member_results (sample_date)
  WHERE test_result IS NOT NULL AND sample_date IS NOT NULL;
CREATE INDEX member_appointments_event ON member_appointments (event_id);

-- This transaction's generation: the first call takes the next one (and the
-- row's lock, until COMMIT); later calls in the transaction reuse it. If the
-- counter's row was removed by hand, it starts past every generation kept,
-- with every year changed.
CREATE FUNCTION statistics_generation_of_this_change() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  taken bigint := nullif(current_setting('chaps.statistics_generation', true), '')::bigint;
BEGIN
  IF taken IS NOT NULL THEN
    RETURN taken;
  END IF;
  UPDATE statistics_generation SET generation = generation + 1 RETURNING generation INTO taken;
  IF NOT FOUND THEN
    INSERT INTO statistics_generation (generation, every_year_since)
    SELECT g, g FROM (SELECT 1 + greatest(
      (SELECT coalesce(max(generation), 0) FROM statistics_year_figures),
      (SELECT coalesce(max(generation), 0) FROM statistics_year_changes)) AS g) past
    ON CONFLICT (singleton) DO UPDATE SET generation = statistics_generation.generation + 1,
      every_year_since = statistics_generation.generation + 1
    RETURNING generation INTO taken;
  END IF;
  PERFORM set_config('chaps.statistics_generation', taken::text, true);
  RETURN taken;
END
$$;

-- Records that this transaction changed the figures of each of `years`
-- (NULLs skipped; each year once a transaction).
CREATE FUNCTION statistics_years_changed(years integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  marked text := coalesce(current_setting('chaps.statistics_years', true), '');
  changed integer;
  fresh boolean := false;
BEGIN
  FOREACH changed IN ARRAY years LOOP
    CONTINUE WHEN changed IS NULL OR strpos(marked, ',' || changed || ',') > 0;
    INSERT INTO statistics_year_changes (year, generation) VALUES (changed, statistics_generation_of_this_change())
    ON CONFLICT (year) DO UPDATE SET generation = EXCLUDED.generation;
    marked := marked || ',' || changed || ',';
    fresh := true;
  END LOOP;
  IF fresh THEN
    PERFORM set_config('chaps.statistics_years', marked, true);
  END IF;
END
$$;

-- A result's row: the year it was counted in and the year it is counted in now.
CREATE FUNCTION statistics_result_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  years integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.test_result IS NOT NULL AND OLD.sample_date IS NOT NULL THEN
      years := years || extract(year FROM OLD.sample_date)::integer;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.test_result IS NOT NULL AND NEW.sample_date IS NOT NULL THEN
      years := years || extract(year FROM NEW.sample_date)::integer;
    END IF;
  END IF;
  PERFORM statistics_years_changed(years);
  RETURN NULL;
END
$$;

-- A member's age or ethnicity: the years of his results.
CREATE FUNCTION statistics_member_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM statistics_generation_of_this_change();
  PERFORM statistics_years_changed(ARRAY(
    SELECT DISTINCT extract(year FROM sample_date)::integer FROM member_results
    WHERE profile_id = NEW.profile_id AND test_result IS NOT NULL AND sample_date IS NOT NULL));
  RETURN NULL;
END
$$;

-- A booking's history row at another event: the year of its result.
CREATE FUNCTION statistics_history_moved() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM statistics_generation_of_this_change();
  PERFORM statistics_years_changed(ARRAY(
    SELECT extract(year FROM sample_date)::integer FROM member_results
    WHERE appointment_id = NEW.appointment_id AND test_result IS NOT NULL AND sample_date IS NOT NULL));
  RETURN NULL;
END
$$;

-- An event added, removed or changed: the years of the results at it (by its old id and its new).
CREATE FUNCTION statistics_event_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  ids uuid[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ids := ids || OLD.event_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ids := ids || NEW.event_id;
  END IF;
  PERFORM statistics_generation_of_this_change();
  PERFORM statistics_years_changed(ARRAY(
    SELECT DISTINCT extract(year FROM r.sample_date)::integer
    FROM member_appointments m JOIN member_results r ON r.appointment_id = m.appointment_id
    WHERE m.event_id = ANY(ids) AND r.test_result IS NOT NULL AND r.sample_date IS NOT NULL));
  RETURN NULL;
END
$$;

-- A release: its year.
CREATE FUNCTION statistics_release_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM statistics_years_changed(ARRAY[OLD.year]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM statistics_years_changed(ARRAY[NEW.year]);
  END IF;
  RETURN NULL;
END
$$;

-- A TRUNCATE: every year (the generation taken first: taking it updates the same row).
CREATE FUNCTION statistics_truncated() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  taken bigint := statistics_generation_of_this_change();
BEGIN
  UPDATE statistics_generation SET every_year_since = taken;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER member_results_statistics_insert AFTER INSERT ON member_results
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.test_result IS NOT NULL AND NEW.sample_date IS NOT NULL)
  EXECUTE FUNCTION statistics_result_changed();
CREATE CONSTRAINT TRIGGER member_results_statistics_update
  AFTER UPDATE OF profile_id, appointment_id, test_result, sample_date, follow_up_outcome, psa_band ON member_results
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.profile_id, OLD.appointment_id, OLD.test_result, OLD.sample_date, OLD.follow_up_outcome, OLD.psa_band)
    IS DISTINCT FROM (NEW.profile_id, NEW.appointment_id, NEW.test_result, NEW.sample_date, NEW.follow_up_outcome, NEW.psa_band))
  EXECUTE FUNCTION statistics_result_changed();
CREATE CONSTRAINT TRIGGER member_results_statistics_delete AFTER DELETE ON member_results
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.test_result IS NOT NULL AND OLD.sample_date IS NOT NULL)
  EXECUTE FUNCTION statistics_result_changed();

CREATE CONSTRAINT TRIGGER member_profiles_statistics AFTER UPDATE OF date_of_birth, ethnicity ON member_profiles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.date_of_birth IS DISTINCT FROM NEW.date_of_birth OR OLD.ethnicity IS DISTINCT FROM NEW.ethnicity)
  EXECUTE FUNCTION statistics_member_changed();

CREATE CONSTRAINT TRIGGER member_appointments_statistics AFTER UPDATE OF event_id ON member_appointments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.event_id IS DISTINCT FROM NEW.event_id)
  EXECUTE FUNCTION statistics_history_moved();

CREATE CONSTRAINT TRIGGER events_statistics_insert_delete AFTER INSERT OR DELETE ON events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION statistics_event_changed();
CREATE CONSTRAINT TRIGGER events_statistics_update AFTER UPDATE OF event_id, category ON events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.event_id IS DISTINCT FROM NEW.event_id OR OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION statistics_event_changed();

CREATE CONSTRAINT TRIGGER published_statistics_statistics AFTER INSERT OR UPDATE OR DELETE ON published_statistics
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION statistics_release_changed();

CREATE TRIGGER member_results_statistics_truncate AFTER TRUNCATE ON member_results
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_truncated();
CREATE TRIGGER member_profiles_statistics_truncate AFTER TRUNCATE ON member_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_truncated();
CREATE TRIGGER member_appointments_statistics_truncate AFTER TRUNCATE ON member_appointments
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_truncated();
CREATE TRIGGER events_statistics_truncate AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_truncated();
CREATE TRIGGER published_statistics_statistics_truncate AFTER TRUNCATE ON published_statistics
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_truncated();
