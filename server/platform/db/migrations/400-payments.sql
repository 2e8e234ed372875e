-- Card payments (docs/rules.md#card-payment,
-- docs/decisions/0009-card-payments.md): the PayPal orders this server
-- created, one transaction row per PayPal capture, what the page reported
-- about a payment, and the page's error log. The local PayPal sandbox keeps
-- its own orders here too, so it survives a restart like PayPal would.

-- One PayPal order for one held appointment. A hold may have several
-- orders (a recoverable decline starts a new card attempt), never two open.
CREATE TABLE payment_orders (
  payment_id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- PayPal's order id; NULL only between asking PayPal and its answer.
  order_id         text UNIQUE,
  appointment_id   uuid NOT NULL REFERENCES appointments (appointment_id) ON DELETE RESTRICT,
  user_id          uuid NOT NULL,
  event_id         uuid NOT NULL REFERENCES events (event_id) ON DELETE RESTRICT,
  -- Pence, from the event row at the moment the order was made.
  amount           integer NOT NULL CHECK (amount > 0),
  -- PayPal-Request-Id of the create call: a retried create returns the same order.
  request_id       text NOT NULL UNIQUE,
  -- creating: asked PayPal; created: PayPal answered; completed: captured and
  -- booked; declined: recoverable decline (the hold stays); failed: other
  -- failure (hold freed); refund_due: captured but the place was gone or the
  -- booking was cancelled with a refund; refunded: money returned;
  -- abandoned: never paid, its hold ran out.
  status           text NOT NULL CHECK (status IN
                     ('creating', 'created', 'completed', 'declined', 'failed', 'refund_due', 'refunded', 'abandoned')),
  capture_id       text,
  refund_id        text,
  -- Why the money is going back: the place was gone when it arrived, or the member cancelled in time.
  refund_reason    text CHECK (refund_reason IN ('place_gone', 'cancelled')),
  -- The capture answer the member was given, replayed to a repeated capture call.
  capture_answer   jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_unsettled ON payment_orders (created_at) WHERE status IN ('creating', 'created', 'refund_due');
CREATE INDEX payment_orders_appointment ON payment_orders (appointment_id);

-- The server's own record of each capture (docs/rules.md#card-payment),
-- written from PayPal's answer. capture_id is unique: one row per PayPal
-- capture however often a capture is replayed; a failure with no capture has
-- none.
CREATE TABLE payment_transactions (
  transaction_id     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id         uuid NOT NULL REFERENCES payment_orders (payment_id) ON DELETE RESTRICT,
  capture_id         text UNIQUE,
  payer_name         text,
  amount             text,
  payment_reference  text NOT NULL,
  status             text NOT NULL,
  payment_method     text,
  card_brand         text,
  card_last_digits   text,
  card_expiry        text,
  issuing_bank       text,
  avs_code           text,
  cvv_code           text,
  -- PayPal's issue code when the capture failed (INSTRUMENT_DECLINED ...).
  issue              text,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_transactions_payment ON payment_transactions (payment_id);

-- What the page says happened (PUT /api/payments/transactions), kept
-- apart from the server's own record: useful to support, never trusted.
CREATE TABLE payment_page_reports (
  report_id   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL,
  order_id    text,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- POST /api/logs/error: the page's payment failures, for support.
CREATE TABLE client_error_logs (
  log_id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid,
  error_message  text NOT NULL,
  description    text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- The local PayPal sandbox (server/stand-ins/paypal-sandbox/): its orders as
-- PayPal would hold them, and the answers it gave per PayPal-Request-Id.
CREATE TABLE dev_paypal_orders (
  order_id    text PRIMARY KEY,
  body        jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE dev_paypal_requests (
  request_key  text PRIMARY KEY,
  http_status  integer,
  answer       jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
