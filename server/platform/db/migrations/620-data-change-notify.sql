-- Every server process keeps ready public answers in memory (the events
-- listing and an event's free slots, server/platform/http/ready-answers.ts),
-- built from events and appointments. Each statement that changes either
-- table, whoever runs it (another server process, a script, psql, a cascade
-- from another table), sends a notice on the data_changes channel; every
-- process LISTENs there (server/platform/db/change-listener.ts) and drops its
-- answers.
--
-- NOTIFY inside a transaction is delivered only when it commits and never
-- when it rolls back, so a process never drops its answers too early and
-- rebuilds them from data it cannot see yet. Statement-level: one notice per
-- statement, and PostgreSQL folds identical notices of one transaction into
-- one. The payload is the table's schema: one database may hold several
-- copies of the schema (each API test file has its own), and a listener
-- acts only on its own.
--
-- PGlite runs this too and nobody listens there (one process, whose writes
-- are all seen by server/platform/db/data-changes.ts); a notice no one hears
-- is dropped.
CREATE FUNCTION notify_data_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;

CREATE TRIGGER events_data_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();

CREATE TRIGGER appointments_data_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
