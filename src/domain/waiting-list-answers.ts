/**
 * /api/waiting-list's answers to the signed-in member, declared once
 * (docs/architecture.md#contract, docs/decisions/0019-waiting-list.md).
 * MyWaitingPlace, MyWaitingList and StandingAfterLapse (./waiting-list) are
 * these schemas' output; they sit apart from the list's rules, which the
 * event's page runs, so that page does not load zod for them.
 */
import { z } from './schema-kit';
import { screeningEventSchema } from './screening-event';
import { slotsByDateSchema } from './slots-answer';

/** Where a member whose offer lapsed stands once the place has passed on. */
export const standingAfterLapseSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('waiting'), waiting: z.int() }),
  z.strictObject({ kind: z.literal('free') }),
  z.strictObject({ kind: z.literal('closed') }),
]);

/**
 * GET, DELETE (and POST, 201) /api/waiting-list/events/{id}: the signed-in
 * member's own place on the list.
 */
export const myWaitingPlaceSchema = z.strictObject({
  /** Waiting or holding an offer; false when he is not on the list. */
  joined: z.boolean(),
  /** 1 for the first member waiting; null when not waiting. */
  position: z.nullable(z.int()),
  /** The place held for him, when he has one; `token` is the signed link's, as in his email. */
  offer: z.nullable(z.strictObject({ slot: z.string(), expires_at: z.string(), token: z.string() })),
  /** Present (true) when he is not on the list because he already has a place on the event. */
  booked: z.optional(z.literal(true)),
  /** Present (true) when he has turned waiting-list emails off: offers pass him by until he turns them on. */
  emails_off: z.optional(z.literal(true)),
  /** Present when he is not on the list because the place last held for him passed on unbooked: when, and where that leaves him. */
  lapsed: z.optional(z.strictObject({ expired_at: z.string(), standing: standingAfterLapseSchema })),
});

/** One list the signed-in member is on (waiting or holding an offer), for My bookings. */
export const myWaitingListSchema = z.strictObject({
  event: z.pick(screeningEventSchema, { event_id: true, event_name: true, event_date: true, start_time: true, end_time: true, city: true }),
  place: myWaitingPlaceSchema,
});

/** GET /api/waiting-list/events: every list he is on, soonest first. */
export const myWaitingListsSchema = z.strictObject({ lists: z.array(myWaitingListSchema) });

/**
 * GET /api/waiting-list/offer?t=: the offer an emailed link names, for the
 * member it was made to; `slots` as he may book them, his held place included.
 */
export const waitingOfferSchema = z.strictObject({
  event_id: z.string(),
  /** HH:mm, the slot held for him. */
  slot: z.string(),
  /** ISO instant the offer ends. */
  expires_at: z.string(),
  slots: slotsByDateSchema,
});

export type MyWaitingLists = z.output<typeof myWaitingListsSchema>;
export type WaitingOffer = z.output<typeof waitingOfferSchema>;
