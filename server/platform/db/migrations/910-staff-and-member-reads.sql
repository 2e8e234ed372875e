-- The staff and member pages at a national scale
-- (docs/decisions/0033-staff-and-member-reads-at-scale.md): each read's cost
-- follows the rows it shows, not the size of the tables.

-- An event's attendee list shows every booking of the event, cancelled ones
-- too, where only the live ones were indexed by event: each list read all
-- 250,000 bookings. The booking's state and its hold's end ride in the
-- index, so the places each event of the staff console has taken are
-- counted from the index alone, not one table page per booking.
CREATE INDEX appointments_event ON appointments (event_id) INCLUDE (status, hold_expires_at);

-- A member's data download finds the payments he made by his user id, as
-- well as those of his bookings.
CREATE INDEX payment_orders_user ON payment_orders (user_id);

-- The staff accounts page lists the users holding a role, by address: a
-- few among 100,000 members, found without reading them all.
CREATE INDEX auth_users_staff ON auth_users (email) WHERE app_metadata ? 'role';
