-- The waiting list of a full event (docs/rules.md#waiting-list,
-- docs/decisions/0019-waiting-list.md). One row per member per joining; a row
-- stays (left, booked, lapsed) so staff see what became of each offer. While
-- status is 'offered' the row holds one place (offer_slot) that no one else
-- can take: every count of places reads live appointments and offered rows
-- together (placesTaken in server/modules/events/events-table.ts), until the
-- member books through it or a sweep passes it on.
CREATE TABLE waiting_list (
  entry_id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id          uuid NOT NULL REFERENCES events (event_id) ON DELETE CASCADE,
  profile_id        integer NOT NULL REFERENCES member_profiles (profile_id) ON DELETE CASCADE,
  user_id           uuid NOT NULL,
  status            text NOT NULL CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'lapsed')),
  joined_at         timestamptz NOT NULL,
  -- The place held for him: its slot, when it was offered and until when he may take it.
  offer_slot        time,
  offered_at        timestamptz,
  offer_expires_at  timestamptz,
  -- Which offer the signed link names; a link of an earlier offer is refused.
  offer_number      integer NOT NULL DEFAULT 0,
  ended_at          timestamptz,
  CONSTRAINT waiting_list_offer CHECK (status <> 'offered' OR (offer_slot IS NOT NULL AND offer_expires_at IS NOT NULL))
);
-- One entry per member per event while he waits or holds an offer.
CREATE UNIQUE INDEX waiting_list_one_per_member ON waiting_list (event_id, profile_id) WHERE status IN ('waiting', 'offered');
-- The order of the list, and the held places counted with the bookings.
CREATE INDEX waiting_list_queue ON waiting_list (event_id, joined_at) WHERE status = 'waiting';
CREATE INDEX waiting_list_offers ON waiting_list (event_id, offer_slot) WHERE status = 'offered';

-- A held offer changes the places the public answers show (the listing, an
-- event's slots): every process drops its ready answers when the list's
-- rows change, as for events and appointments (migration 620).
CREATE TRIGGER waiting_list_data_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waiting_list
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
