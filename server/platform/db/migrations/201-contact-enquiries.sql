-- Contact-form enquiries (docs/rules.md#contact-form). Each is also emailed
-- to ENQUIRIES_EMAIL; emailed_at stays NULL when that failed, so none is
-- lost. The sender's network address is kept only as a hash, for the rate
-- limit.
CREATE TABLE contact_enquiries (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  email         text NOT NULL,
  phone_number  text NOT NULL,
  message       text NOT NULL,
  client_hash   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  emailed_at    timestamptz
);

CREATE INDEX contact_enquiries_email_recent ON contact_enquiries (lower(email), created_at);
CREATE INDEX contact_enquiries_client_recent ON contact_enquiries (client_hash, created_at);
