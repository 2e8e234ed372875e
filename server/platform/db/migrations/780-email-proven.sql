-- When the member proved he receives mail at his account's address: he opened
-- a link, or entered a code, sent there (docs/rules.md#data-export,
-- docs/decisions/0021-member-record-export-and-erasure.md).
-- email_confirmed_at is no such proof: without required confirmation (hosted
-- Supabase's "autoconfirm", AUTH_REQUIRE_EMAIL_CONFIRMATION=false) an address
-- counts as confirmed the moment anyone signs up with it. Rows found by
-- address only (contact messages, the newsletter row, mail) are exported or
-- erased only for a proven address.
ALTER TABLE auth_users ADD COLUMN email_proven_at timestamptz;

-- Earlier accounts: confirmed later than signing up means confirmed by a link
-- or code (an address confirmed at sign-up has email_confirmed_at no later
-- than created_at).
UPDATE auth_users SET email_proven_at = email_confirmed_at WHERE email_confirmed_at > created_at;
