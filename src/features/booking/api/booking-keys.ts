/**
 * Query keys of the booking screens. Slots are live and never saved
 * ('booking' is not a persisted root); appointments are the member's own
 * data, keyed in src/lib/member-keys.ts.
 */
export const bookingKeys = {
  slots: (eventId: string) => ['booking', 'slots', eventId] as const,
  /** The times one booking could move to (Change time). */
  changeSlots: (userId: string, appointmentId: string) => ['booking', 'change-slots', userId, appointmentId] as const,
};
