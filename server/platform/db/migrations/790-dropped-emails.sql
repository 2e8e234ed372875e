-- Emails the job queue dropped instead of sending because the fact each
-- depended on no longer held when it was due to leave (a reminder for a
-- booking cancelled or moved meanwhile, an offer lapsed, a member who deleted
-- his account). What kind of email, which fact was gone and when, with its
-- Message-ID: never an address, a name or the words
-- (server/modules/members/email-job.ts).
CREATE TABLE dropped_emails (
  drop_id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id   text NOT NULL,
  kind         text NOT NULL,
  reason       text NOT NULL,
  dropped_at   timestamptz NOT NULL
);
CREATE INDEX dropped_emails_at ON dropped_emails (dropped_at);
