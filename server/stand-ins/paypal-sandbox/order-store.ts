/**
 * The sandbox's rows: each change in one transaction, run once per
 * PayPal-Request-Id (dev_paypal_requests), and the order and refund rows it
 * locks and saves (dev_paypal_orders, dev_paypal_refunds). Apart from
 * orders.ts because this is how the sandbox keeps its state, not what
 * PayPal does to an order.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import type { Json, SandboxAnswer } from './answers';

/**
 * Runs `act` once per request key; later calls with the key get the first
 * answer. Orders v2 answers a replayed create or capture 200 where the
 * first was 201 (`replayOk`); Payments v2 documents 201 alone for refunds.
 */
export async function once(db: Database, key: string | null, act: (tx: Queryable) => Promise<SandboxAnswer>, replayOk = false): Promise<SandboxAnswer> {
  return db.transaction(async (tx) => {
    if (key) {
      // A parallel insert of the same key waits here for the first to commit.
      const claimed = await tx.query('INSERT INTO dev_paypal_requests (request_key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1', [key]);
      if (claimed.length === 0) {
        const [done] = await tx.query<{ http_status: number | null; answer: Json | null }>(
          'SELECT http_status, answer FROM dev_paypal_requests WHERE request_key = $1',
          [key],
        );
        if (done?.answer && done.http_status) return { status: replayOk && done.http_status === 201 ? 200 : done.http_status, body: done.answer };
      }
    }
    const answer = await act(tx);
    if (key) {
      await tx.query('UPDATE dev_paypal_requests SET http_status = $2, answer = $3 WHERE request_key = $1', [key, answer.status, answer.body]);
    }
    return answer;
  });
}

export async function lockOrder(tx: Queryable, orderId: string): Promise<Json | null> {
  const [row] = await tx.query<{ body: Json }>('SELECT body FROM dev_paypal_orders WHERE order_id = $1 FOR UPDATE', [orderId]);
  return row?.body ?? null;
}

export const saveOrder = (tx: Queryable, order: Json) =>
  tx.query('UPDATE dev_paypal_orders SET body = $2 WHERE order_id = $1', [order.id, order]);

export const unit = (order: Json) => ((order.purchase_units as Json[])[0] ?? {}) as Json;

/** The order holding capture `captureId`, locked, with that capture. */
export async function lockCapture(tx: Queryable, captureId: string): Promise<{ order: Json; capture: Json } | null> {
  const [row] = await tx.query<{ order_id: string }>(
    `SELECT order_id FROM dev_paypal_orders WHERE body #>> '{purchase_units,0,payments,captures,0,id}' = $1`,
    [captureId],
  );
  const order = row ? await lockOrder(tx, row.order_id) : null;
  if (!order) return null;
  return { order, capture: ((unit(order).payments as Json).captures as Json[])[0]! };
}

/** Keeps a refund in its table and in its order's payments.refunds, as GET order shows it. */
export async function saveRefund(tx: Queryable, order: Json, refund: Json, captureId: string) {
  await tx.query(
    `INSERT INTO dev_paypal_refunds (refund_id, capture_id, order_id, body) VALUES ($1, $2, $3, $4)
     ON CONFLICT (refund_id) DO UPDATE SET body = EXCLUDED.body`,
    [refund.id, captureId, order.id, refund],
  );
  const payments = unit(order).payments as Json;
  const others = ((payments.refunds as Json[] | undefined) ?? []).filter((r) => r.id !== refund.id);
  payments.refunds = [...others, refund];
  await saveOrder(tx, order);
}
