/**
 * The event as the API sends it (docs/rules.md#events), one spelling of the
 * address lines. Money is in pence; dates and times are UK wall-clock.
 */
import type { z } from './schema-kit';
import type { screeningEventSchema } from './screening-event';

export const EVENT_CATEGORIES = ['community', 'freemasons', 'corporate'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** An event as the API sends it: declared once, as its schema (./screening-event), which only the server loads. */
export type ScreeningEvent = z.output<typeof screeningEventSchema>;

/** Lab whose samples are rejected without a valid NHS number. */
export const ESNEFT_LAB = 'ESNEFT';

export function isEsneftEvent(event: Pick<ScreeningEvent, 'lab_name'>): boolean {
  return (event.lab_name ?? '').trim().toUpperCase() === ESNEFT_LAB;
}

export function isCorporateOnly(event: Pick<ScreeningEvent, 'exclusive_for'>): boolean {
  return (event.exclusive_for ?? '').toUpperCase() === 'CORPORATE';
}

/** What the event costs in pence: its own price, else the product's. */
export function eventPricePence(event: Pick<ScreeningEvent, 'price' | 'product_price'>): number {
  return event.price ?? event.product_price;
}

/** The places to show and to decide "Fully Booked" by: the server's bookable count when it sent one. */
export function spacesLeft(event: Pick<ScreeningEvent, 'total_spaces' | 'booked_spaces' | 'places_left'>): number {
  return Math.max(0, event.places_left ?? event.total_spaces - event.booked_spaces);
}

/** Address parts joined with commas, blanks skipped. */
export function fullAddress(
  event: Pick<ScreeningEvent, 'address_line_1' | 'address_line_2' | 'city' | 'state' | 'postcode' | 'country'>,
): string {
  return [event.address_line_1, event.address_line_2, event.city, event.state, event.postcode, event.country]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}
