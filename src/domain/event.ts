/**
 * The event as the API sends it (docs/rules.md#events), one spelling of the
 * address lines. Money is in pence; dates and times are UK wall-clock.
 */
export const EVENT_CATEGORIES = ['community', 'freemasons', 'corporate'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export interface ScreeningEvent {
  event_id: string;
  event_name: string;
  event_description: string;
  category: EventCategory;
  product_id: string;
  product_name: string;
  /** Product's list price, pence. */
  product_price: number;
  /** This event's price, pence; overrides the product price when set. */
  price: number | null;
  /** YYYY-MM-DD, UK calendar date. */
  event_date: string;
  /** HH:mm, UK wall-clock. */
  start_time: string;
  /** HH:mm, UK wall-clock. */
  end_time: string;
  /** Minutes per appointment slot. */
  session_duration: number;
  email_template: string | null;
  lab_name: string | null;
  is_private: boolean;
  total_spaces: number;
  booked_spaces: number;
  /**
   * Places that can really be booked when the events API answered
   * (bookablePlaces in ./slots: what is left, capped by the free places in
   * slots not yet begun). Sent by GET /api/events and /api/events/{id};
   * absent on rows the server reads for its own rules, and on copies a
   * phone saved before it was sent.
   */
  places_left?: number;
  places_per_slot: number;
  payment_required: boolean;
  /** 'CORPORATE' for employer-only events, exempt from the booking cut-off. */
  exclusive_for: string | null;
  contact_email: string | null;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
}

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
