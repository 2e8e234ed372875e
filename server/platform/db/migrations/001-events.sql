-- Screening events (docs/rules.md#events), one spelling of the address lines.
-- Money is in pence. event_date, start_time and end_time are UK wall-clock
-- (Europe/London) values; the server compares them with "now" through
-- src/domain/london-time.ts, never through the database's zone
-- (docs/rules.md#time-and-formats).
CREATE TABLE events (
  event_id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_name        text NOT NULL CHECK (length(btrim(event_name)) > 0),
  event_description text NOT NULL DEFAULT '',
  -- What the listing's type filter ("for") matches
  -- (docs/rules.md#event-filters).
  category          text NOT NULL CHECK (category IN ('community', 'freemasons', 'corporate')),
  product_id        text NOT NULL,
  product_name      text NOT NULL,
  product_price     integer NOT NULL CHECK (product_price >= 0),
  -- This event's own price; NULL means the product's price applies
  -- (docs/rules.md#event-categories).
  price             integer CHECK (price >= 0),
  event_date        date NOT NULL,
  start_time        time NOT NULL,
  end_time          time NOT NULL,
  session_duration  integer NOT NULL CHECK (session_duration > 0),
  email_template    text,
  lab_name          text,
  is_private        boolean NOT NULL DEFAULT false,
  -- Salted scrypt hash of a private event's access code
  -- (docs/rules.md#access-codes). Never selected into an API response:
  -- queries name their columns (server/modules/events/events-table.ts).
  access_code_hash  text,
  total_spaces      integer NOT NULL CHECK (total_spaces >= 0),
  -- The number of places taken, kept here until bookings had a table of their
  -- own: migration 300 drops this column, and places are counted from the
  -- bookings instead (docs/rules.md#places-and-holds).
  booked_spaces     integer NOT NULL DEFAULT 0 CHECK (booked_spaces >= 0),
  places_per_slot   integer NOT NULL DEFAULT 1 CHECK (places_per_slot > 0),
  payment_required  boolean NOT NULL DEFAULT false,
  -- 'CORPORATE': for one employer's staff, with no booking cut-off
  -- (docs/rules.md#booking-window).
  exclusive_for     text CHECK (exclusive_for IN ('CORPORATE')),
  contact_email     text,
  address_line_1    text NOT NULL,
  address_line_2    text,
  city              text NOT NULL,
  state             text,
  postcode          text NOT NULL,
  country           text NOT NULL DEFAULT 'United Kingdom',
  latitude          double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude         double precision CHECK (longitude BETWEEN -180 AND 180),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  -- Events do not run past midnight: slot generation and "ended" rely on it.
  CONSTRAINT events_end_after_start CHECK (end_time > start_time),
  CONSTRAINT events_coordinates_paired CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CONSTRAINT events_private_has_code CHECK (NOT is_private OR access_code_hash IS NOT NULL)
);

-- The listing reads by date and sorts by date then start.
CREATE INDEX events_date_start_idx ON events (event_date, start_time);
