/**
 * GET /api/events and /api/events/{id}, declared once (docs/architecture.md#contract):
 * the event as the API sends it. ScreeningEvent (./event) is this schema's
 * output; the pages import only that type, so the event's rules they run
 * never load zod for a schema only the server parses with.
 */
import { EVENT_CATEGORIES } from './event';
import { z } from './schema-kit';

/** An event as GET /api/events and /api/events/{id} send it. */
export const screeningEventSchema = z.strictObject({
  event_id: z.string(),
  event_name: z.string(),
  event_description: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  product_id: z.string(),
  product_name: z.string(),
  /** Product's list price, pence. */
  product_price: z.int(),
  /** This event's price, pence; overrides the product price when set. */
  price: z.nullable(z.int()),
  /** YYYY-MM-DD, UK calendar date. */
  event_date: z.string(),
  /** HH:mm, UK wall-clock. */
  start_time: z.string(),
  /** HH:mm, UK wall-clock. */
  end_time: z.string(),
  /** Minutes per appointment slot. */
  session_duration: z.int(),
  email_template: z.nullable(z.string()),
  lab_name: z.nullable(z.string()),
  is_private: z.boolean(),
  total_spaces: z.int(),
  booked_spaces: z.int(),
  /**
   * Places that can really be booked when the events API answered
   * (bookablePlaces in ./slots: what is left, capped by the free places in
   * slots not yet begun). Sent by GET /api/events and /api/events/{id};
   * absent on rows the server reads for its own rules, and on copies a
   * phone saved before it was sent.
   */
  places_left: z.optional(z.int()),
  places_per_slot: z.int(),
  payment_required: z.boolean(),
  /** 'CORPORATE' for employer-only events, exempt from the booking cut-off. */
  exclusive_for: z.nullable(z.string()),
  contact_email: z.nullable(z.string()),
  address_line_1: z.string(),
  address_line_2: z.nullable(z.string()),
  city: z.string(),
  state: z.nullable(z.string()),
  postcode: z.string(),
  country: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
});

/** GET /api/events: the upcoming events the filters chose. */
export const eventListSchema = z.strictObject({ events: z.array(screeningEventSchema) });

/** GET /api/events/{id}: one event not cancelled. */
export const eventAnswerSchema = z.strictObject({ event: screeningEventSchema });

export type EventList = z.output<typeof eventListSchema>;
export type EventAnswer = z.output<typeof eventAnswerSchema>;
