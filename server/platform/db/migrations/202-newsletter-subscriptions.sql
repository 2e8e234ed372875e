-- Newsletter subscribers (docs/rules.md#newsletter): one row per email
-- address, however often it is submitted.
CREATE TABLE newsletter_subscriptions (
  email             text PRIMARY KEY CHECK (email = lower(email)),
  name              text NOT NULL,
  hear_about_event  boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
