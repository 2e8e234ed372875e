-- Booking (docs/rules.md#booking,
-- docs/decisions/0007-bookings-appointments-and-history.md): consents,
-- appointments and the throttles of access-code checks. Places taken are no
-- longer stored on the event: they are the count of confirmed and unexpired
-- held appointments, so the number can never drift from the bookings
-- themselves (docs/rules.md#places-and-holds).

-- A member's answers to the PSA consent form (docs/rules.md#consent), kept as
-- given. event_id is NULL for a /test-consent link
-- (docs/rules.md#test-consent), which names a test date instead of an event.
CREATE TABLE consents (
  consent_id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id       integer NOT NULL REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  event_id         uuid REFERENCES events (event_id) ON DELETE SET NULL,
  psa_test_date    date NOT NULL,
  answers          jsonb NOT NULL,
  -- Which wording of the form was agreed to (CONSENT_VERSION in src/domain/consent.ts).
  consent_version  text NOT NULL,
  source           text NOT NULL CHECK (source IN ('booking', 'test-consent')),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consents_profile_event ON consents (profile_id, event_id);

-- One member's place at one slot of one event. The slot is UK wall-clock
-- (the event's date and a start and end time), like the event itself.
CREATE TABLE appointments (
  appointment_id   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id       integer NOT NULL REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  user_id          uuid NOT NULL,
  event_id         uuid NOT NULL REFERENCES events (event_id) ON DELETE RESTRICT,
  consent_id       uuid REFERENCES consents (consent_id) ON DELETE SET NULL,
  slot_start       time NOT NULL,
  slot_end         time NOT NULL,
  status           text NOT NULL CHECK (status IN ('held', 'confirmed', 'cancelled')),
  payment_status   text NOT NULL CHECK (payment_status IN ('paid', 'paid by card', 'unpaid', 'refunded')),
  -- What the booking cost, pence, decided by the server from the event row.
  price            integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  -- A held place (waiting for its card payment) stops counting after this.
  hold_expires_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  cancelled_at     timestamptz,
  CONSTRAINT appointments_slot_order CHECK (slot_end > slot_start),
  CONSTRAINT appointments_hold_expires CHECK (status <> 'held' OR hold_expires_at IS NOT NULL),
  CONSTRAINT appointments_cancelled_at CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);

-- One active booking per member per event, enforced by the database and
-- not only by the booking code (a race between two tabs ends here).
CREATE UNIQUE INDEX appointments_one_active_per_member
  ON appointments (event_id, profile_id) WHERE status IN ('held', 'confirmed');
-- Counting places per event and per slot.
CREATE INDEX appointments_event_active ON appointments (event_id, slot_start) WHERE status IN ('held', 'confirmed');
CREATE INDEX appointments_user ON appointments (user_id);

-- Attempts per key in a fixed window (access-code guesses per address and
-- event, docs/rules.md#access-codes), in the database so every server process
-- shares the count.
CREATE TABLE request_throttles (
  key          text PRIMARY KEY,
  attempts     integer NOT NULL,
  window_start timestamptz NOT NULL
);

-- Places taken are now counted from appointments (placesTaken in
-- server/modules/events/events-table.ts).
ALTER TABLE events DROP COLUMN booked_spaces;
