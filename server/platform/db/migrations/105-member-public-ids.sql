-- The id a member's own URLs carry (GET /api/medical/results/{public_id}),
-- random so that it cannot be guessed or counted (docs/rules.md#profile,
-- docs/decisions/0008-threat-model.md). profile_id stays the number members
-- see after "CHAPS" and the key the booking tables reference; it no longer
-- appears in a URL a member uses. Each existing row draws its own value: the
-- default is volatile.
ALTER TABLE member_profiles ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE member_profiles ADD CONSTRAINT member_profiles_public_id_key UNIQUE (public_id);
