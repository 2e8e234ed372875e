-- A second factor on the /auth/v1 stand-in: Supabase Auth's MFA API with
-- TOTP factors (docs/rules.md#second-factor, server/modules/auth/mfa.ts).

-- The session's assurance level and how it was reached (the access token's
-- `aal` and `amr` claims), kept on the session so a refresh keeps them.
-- Existing sessions began with a password.
ALTER TABLE auth_sessions ADD COLUMN aal text NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2'));
ALTER TABLE auth_sessions ADD COLUMN amr jsonb NOT NULL DEFAULT '[]'::jsonb;
UPDATE auth_sessions
SET amr = jsonb_build_array(jsonb_build_object('method', 'password', 'timestamp', floor(extract(epoch FROM created_at))::bigint));

-- A user's authenticator apps. The TOTP secret is kept only encrypted
-- (AES-256-GCM under a key derived from the auth signing secret, the factor
-- id bound in), and handed out once, in the answer to enrolment.
-- last_used_step is the RFC 6238 time step of the last code accepted: a
-- code is taken once, never again within its window.
CREATE TABLE auth_mfa_factors (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id          uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  friendly_name    text NOT NULL DEFAULT '',
  factor_type      text NOT NULL CHECK (factor_type = 'totp'),
  status           text NOT NULL CHECK (status IN ('unverified', 'verified')),
  secret           text NOT NULL,
  last_used_step   bigint,
  last_challenged_at timestamptz,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX auth_mfa_factors_user ON auth_mfa_factors (user_id);
-- As Supabase Auth: a user's named factors have different names.
CREATE UNIQUE INDEX auth_mfa_factors_name ON auth_mfa_factors (user_id, friendly_name) WHERE btrim(friendly_name) <> '';

-- A challenge is answered once, from the address that asked for it, before it expires.
CREATE TABLE auth_mfa_challenges (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  factor_id   uuid NOT NULL REFERENCES auth_mfa_factors (id) ON DELETE CASCADE,
  ip_address  text NOT NULL,
  created_at  timestamptz NOT NULL,
  verified_at timestamptz
);
CREATE INDEX auth_mfa_challenges_factor ON auth_mfa_challenges (factor_id);
