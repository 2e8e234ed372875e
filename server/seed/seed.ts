/**
 * Loads the demo events into an empty events table (never into one that
 * holds anything, so real data is never mixed with demo data). The private
 * event's access code exists only in memory here: it is hashed for storage
 * and handed back once so the server can print it.
 */
import type { Database } from '../platform/db/adapter';
import { insertEvent } from '../modules/events';
import { generateAccessCode, hashAccessCode } from '../modules/events';
import { seedDemoBookings, type DemoBooking } from './demo-bookings';
import { demoEvents, type DemoRole } from './demo-events';

export interface SeedResult {
  /** Number of events inserted: 0 when the table already held events. */
  inserted: number;
  /** The private demo event's access code, when it was created now. */
  privateAccess?: { eventId: string; eventName: string; accessCode: string };
  /** Ids of the inserted events by the state they show (tests and logs). */
  idsByRole: Partial<Record<DemoRole, string[]>>;
}

export async function seedDemo(db: Database, now: Date): Promise<SeedResult> {
  const planned = demoEvents(now);
  const accessCode = generateAccessCode();
  const accessCodeHash = await hashAccessCode(accessCode);
  return db.transaction(async (tx) => {
    // Two servers starting together on one PostgreSQL must not both seed.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':seed'))");
    const [existing] = await tx.query<{ count: number }>('SELECT count(*) AS count FROM events');
    if ((existing?.count ?? 0) > 0) return { inserted: 0, idsByRole: {} };

    const result: SeedResult = { inserted: 0, idsByRole: {} };
    const bookings: DemoBooking[] = [];
    for (const { role, event } of planned) {
      const id = await insertEvent(tx, {
        ...event,
        access_code_hash: event.is_private ? accessCodeHash : null,
      });
      bookings.push({ eventId: id, event, booked: event.booked_spaces });
      (result.idsByRole[role] ??= []).push(id);
      if (event.is_private) result.privateAccess = { eventId: id, eventName: event.event_name, accessCode };
      result.inserted += 1;
    }
    await seedDemoBookings(tx, bookings, now);
    return result;
  });
}
