/** Newsletter subscriptions: one row per email; subscribing again refreshes the name, never duplicates. */
import type { Subscription } from '../../../src/domain/newsletter';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';

/** Whether the row was inserted rather than updated (xmax is 0 for a row this statement created). */
const SUBSCRIBED_ROW = { inserted: col.bool() };

export interface SubscriptionsService {
  /** Resolves to true for a new subscriber, false when the email was already subscribed. */
  subscribe(subscription: Subscription): Promise<boolean>;
}

export function createSubscriptionsService(db: Queryable, now: () => Date): SubscriptionsService {
  return {
    async subscribe({ name, email, hear_about_event }) {
      const row = await rowOf(
        db,
        SUBSCRIBED_ROW,
        `INSERT INTO newsletter_subscriptions (email, name, hear_about_event, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (email) DO UPDATE
           SET name = EXCLUDED.name, hear_about_event = EXCLUDED.hear_about_event, updated_at = EXCLUDED.updated_at
         RETURNING (xmax = 0) AS inserted`,
        [email, name, hear_about_event, now()],
      );
      return row?.inserted ?? false;
    },
  };
}
