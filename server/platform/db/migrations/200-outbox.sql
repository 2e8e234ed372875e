-- Emails the server would have sent, kept here instead when SMTP_URL is
-- unset (development, tests, demos). Readable at /dev/outbox.
CREATE TABLE outbox (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address   text NOT NULL,
  subject      text NOT NULL,
  text_body    text NOT NULL,
  html_body    text,
  -- [{ filename, content, contentType }], content as text (e.g. an .ics file).
  attachments  jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_created_at ON outbox (created_at DESC);
