-- A member's own record (docs/rules.md#account-erasure,
-- docs/decisions/0021-member-record-export-and-erasure.md). Deleting his
-- account erases his profile, consents and results, but the bookings and card
-- payments stay for the charity's accounts (six years, HMRC and the Charities
-- SORP) with nobody named on them: the booking's link to his profile and his
-- user id become NULL, and erased_at says when.
ALTER TABLE appointments ALTER COLUMN profile_id DROP NOT NULL;
ALTER TABLE appointments DROP CONSTRAINT appointments_profile_id_fkey;
ALTER TABLE appointments ADD CONSTRAINT appointments_profile_id_fkey
  FOREIGN KEY (profile_id) REFERENCES member_profiles (profile_id) ON DELETE SET NULL;
ALTER TABLE appointments ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE appointments ADD COLUMN erased_at timestamptz;
ALTER TABLE appointments ADD CONSTRAINT appointments_erased_nobody
  CHECK (erased_at IS NULL OR (profile_id IS NULL AND user_id IS NULL));

-- The payment keeps its amount, dates, PayPal ids and card's last digits for
-- the accounts and any dispute; the member's user id goes.
ALTER TABLE payment_orders ALTER COLUMN user_id DROP NOT NULL;
