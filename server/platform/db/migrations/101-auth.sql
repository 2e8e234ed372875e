-- The /auth/v1 stand-in (docs/decisions/0006-auth-stand-in.md): users,
-- sessions, rotating refresh tokens, one-time email links and sign-in
-- throttles all live in the database, so several server processes share them.
-- Secrets are stored only as hashes: SHA-256 for random tokens, and for
-- passwords bcrypt when this was written, argon2id since (an older bcrypt
-- hash is replaced at the next sign-in; server/modules/auth/passwords.ts).
CREATE TABLE auth_users (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email              text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
  encrypted_password text NOT NULL,
  email_confirmed_at timestamptz,
  user_metadata      jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_sign_in_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_sessions (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- Set once: a revoked session's access and refresh tokens stop working.
  revoked_at timestamptz
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE auth_refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  -- When it was exchanged for a new one; using it again after that is reuse.
  rotated_at  timestamptz
);
CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens (session_id);

-- Links sent by email: password recovery and address confirmation.
CREATE TABLE auth_one_time_tokens (
  token_hash text PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('recovery', 'signup')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX auth_one_time_tokens_user ON auth_one_time_tokens (user_id, kind);

-- Failed sign-ins per account ('email:…') and per address ('ip:…'), and
-- recovery emails per address; a row is a window of attempts.
CREATE TABLE auth_throttles (
  key          text PRIMARY KEY,
  attempts     integer NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);

-- Settings the server generates once, shared by every process (the
-- access-token signing secret when AUTH_JWT_SECRET is unset).
CREATE TABLE auth_settings (
  name  text PRIMARY KEY,
  value text NOT NULL
);
