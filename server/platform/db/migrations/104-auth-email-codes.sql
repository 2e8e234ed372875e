-- Each email link also carries a 6-digit code (supabase-js verifyOtp with
-- the email and the code); only its SHA-256, salted with the user id, is kept.
ALTER TABLE auth_one_time_tokens ADD COLUMN code_hash text;
