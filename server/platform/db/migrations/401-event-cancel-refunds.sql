-- A card payment goes back in full when the charity cancels the event
-- (docs/rules.md#event-cancellation), whatever the date: its own refund
-- reason, so the member's email and the capture's answer say why. The
-- constraint is the one PostgreSQL named for 400's column check.
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_refund_reason_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_refund_reason_check
  CHECK (refund_reason IN ('place_gone', 'cancelled', 'event_cancelled'));
