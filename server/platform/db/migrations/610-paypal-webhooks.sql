-- PayPal's word after the answer (docs/decisions/0009-card-payments.md,
-- "Webhooks, refund states and the amount check"): refunds that PayPal leaves
-- pending or fails, captures whose amount is not the order's, captures
-- reversed or refunded at PayPal after the booking was confirmed, and the
-- webhook events PayPal sends about them. Constraints are the ones PostgreSQL
-- named for 300's and 400's column checks (401 replaced one already).

-- refund_pending: PayPal took the refund but has not made it yet;
-- refund_failed: PayPal answered FAILED or CANCELLED (staff must act).
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_status_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_status_check CHECK (status IN
  ('creating', 'created', 'completed', 'declined', 'failed', 'refund_due', 'refund_pending', 'refunded', 'refund_failed', 'abandoned'));

-- amount_mismatch: PayPal captured another amount or currency than the order's.
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_refund_reason_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_refund_reason_check
  CHECK (refund_reason IN ('place_gone', 'cancelled', 'event_cancelled', 'amount_mismatch'));

-- What staff must look at, kept after the money has moved on (GET /api/staff/payments):
-- amount_mismatch (never confirmed, refunded); capture_denied, capture_reversed,
-- refunded_at_paypal (the booking stays confirmed: staff decide).
ALTER TABLE payment_orders ADD COLUMN problem text
  CHECK (problem IN ('amount_mismatch', 'capture_denied', 'capture_reversed', 'refunded_at_paypal'));
ALTER TABLE payment_orders ADD COLUMN problem_detail text;
ALTER TABLE payment_orders ADD COLUMN problem_at timestamptz;
CREATE INDEX payment_orders_attention ON payment_orders (updated_at)
  WHERE problem IS NOT NULL OR status IN ('refund_due', 'refund_pending', 'refund_failed');

-- The reconciler also asks PayPal about refunds left pending.
DROP INDEX payment_orders_unsettled;
CREATE INDEX payment_orders_unsettled ON payment_orders (created_at) WHERE status IN ('creating', 'created', 'refund_due', 'refund_pending');

-- The member and staff see a refund as pending until PayPal has made it.
ALTER TABLE appointments DROP CONSTRAINT appointments_payment_status_check;
ALTER TABLE appointments ADD CONSTRAINT appointments_payment_status_check
  CHECK (payment_status IN ('paid', 'paid by card', 'unpaid', 'refund pending', 'refunded', 'refund failed'));

-- Each verified PayPal webhook event once: a redelivery or replay of a stored
-- id changes nothing. The event is acted on after it is stored
-- (processPayPalWebhook in server/modules/payments/webhooks.ts), from the
-- resource's state read back from PayPal.
CREATE TABLE paypal_webhook_events (
  event_id         text PRIMARY KEY,
  event_type       text NOT NULL,
  resource_type    text,
  resource_id      text,
  body             jsonb NOT NULL,
  transmission_id  text NOT NULL,
  received_at      timestamptz NOT NULL,
  processed_at     timestamptz,
  -- What processing did (settled_completed, refund_refunded, no_change ...), for support.
  outcome          text
);
CREATE INDEX paypal_webhook_events_unprocessed ON paypal_webhook_events (received_at) WHERE processed_at IS NULL;

-- The local PayPal sandbox (server/stand-ins/paypal-sandbox/): the access
-- tokens it issued (so one can be revoked before it expires), its refunds
-- (which may stay PENDING), and every webhook transmission it signed
-- (verify-webhook-signature answers SUCCESS only for these).
CREATE TABLE dev_paypal_tokens (
  token       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE TABLE dev_paypal_refunds (
  refund_id   text PRIMARY KEY,
  capture_id  text NOT NULL,
  order_id    text NOT NULL,
  body        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_paypal_refunds_capture ON dev_paypal_refunds (capture_id);
CREATE TABLE dev_paypal_webhooks (
  transmission_id    text PRIMARY KEY,
  -- The order they were signed in.
  seq                bigint GENERATED ALWAYS AS IDENTITY,
  event_id           text NOT NULL,
  webhook_id         text NOT NULL,
  transmission_time  text NOT NULL,
  signature          text NOT NULL,
  -- The event exactly as sent (its JSON text is what was signed).
  event              text NOT NULL,
  delivered_at       timestamptz,
  last_status        integer,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_paypal_webhooks_event ON dev_paypal_webhooks (event_id);
