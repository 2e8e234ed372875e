-- Which optional emails each member gets (docs/rules.md#email-choices,
-- docs/decisions/0018-email-choices-and-unsubscribe.md,
-- src/domain/email-choices.ts). No row means the defaults: reminders and
-- waiting-list offers on, recall invitations and the newsletter off until he
-- asks for them.
CREATE TABLE member_email_choices (
  profile_id    integer PRIMARY KEY REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  reminders     boolean NOT NULL DEFAULT true,
  recall        boolean NOT NULL DEFAULT false,
  waiting_list  boolean NOT NULL DEFAULT true,
  newsletter    boolean NOT NULL DEFAULT false,
  updated_at    timestamptz NOT NULL
);

-- Headers an email carries beyond the usual (List-Unsubscribe and
-- List-Unsubscribe-Post, RFC 8058), kept in the outbox as a mail server
-- would receive them.
ALTER TABLE outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;
