-- Member profiles (docs/rules.md#profile), one per auth user. profile_id is
-- the number members see after "CHAPS". NHS number: digits only, checked by
-- the server (src/domain/nhs-number.ts, docs/rules.md#nhs-number) before it
-- gets here.
CREATE TABLE member_profiles (
  profile_id          integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) PRIMARY KEY,
  -- The auth user (the token's sub). No foreign key: with a hosted Supabase
  -- project the users live there, not in auth_users.
  user_id             uuid NOT NULL UNIQUE,
  first_name          text NOT NULL,
  last_name           text NOT NULL,
  gender              text,
  date_of_birth       date,
  ethnicity           text,
  occupation          text,
  phone               text NOT NULL,
  email               text NOT NULL,
  home_address        text NOT NULL,
  billing_address     text,
  nhs_number          text CHECK (nhs_number ~ '^[0-9]{10}$'),
  ni_number           text,
  nhs_gp_email        text,
  nhs_gp_phone_number text,
  is_verified         boolean NOT NULL DEFAULT false,
  is_active           boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- A member's past screening appointments and their lab results. A result may
-- arrive without a linked appointment, and an appointment may have no result
-- yet; both show on /medical-results (docs/rules.md#medical-results).
CREATE TABLE member_appointments (
  appointment_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id     integer NOT NULL REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  event_id       uuid,
  event_name     text NOT NULL,
  product_name   text,
  event_date     date
);
CREATE INDEX member_appointments_profile ON member_appointments (profile_id);

CREATE TABLE member_results (
  result_id      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id     integer NOT NULL REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  appointment_id uuid UNIQUE REFERENCES member_appointments (appointment_id) ON DELETE SET NULL,
  test_result    numeric,
  test_unit      text,
  comments       text,
  sample_date    date
);
CREATE INDEX member_results_profile ON member_results (profile_id);
