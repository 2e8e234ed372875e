-- An event the charity cancels closes its waiting list
-- (docs/rules.md#event-cancellation): each entry still waiting or holding an
-- offer becomes 'closed', and the member is told by email with the
-- cancellation (server/modules/events/staff-events-service.ts).
ALTER TABLE waiting_list DROP CONSTRAINT waiting_list_status_check;
ALTER TABLE waiting_list ADD CONSTRAINT waiting_list_status_check
  CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'lapsed', 'closed'));
