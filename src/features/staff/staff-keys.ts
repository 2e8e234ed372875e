/**
 * Query keys of the staff console. They live under the signed-in user's
 * 'member' root, which the app persists to IndexedDB and wipes at
 * sign-out (src/lib/query-client.ts): that is what keeps an opened
 * attendee list on the phone for a venue with no signal, and what stops
 * the next person on a shared phone from finding it.
 */
export const staffKeys = {
  all: (userId: string) => ['member', userId, 'staff'] as const,
  me: (userId: string) => ['member', userId, 'staff', 'me'] as const,
  /** Every page of the events list (an edit refreshes them all). */
  events: (userId: string) => ['member', userId, 'staff', 'events'] as const,
  /** One page: 'today', or the query naming its day (?before=, ?from=). */
  eventsPage: (userId: string, page: string) => ['member', userId, 'staff', 'events', page] as const,
  /** A volunteer's events of today: kept so his door opens with no signal. */
  myEvents: (userId: string) => ['member', userId, 'staff', 'my-events'] as const,
  event: (userId: string, eventId: string) => ['member', userId, 'staff', 'event', eventId] as const,
  attendees: (userId: string, eventId: string) => ['member', userId, 'staff', 'attendees', eventId] as const,
  // The clinical rule and its versions: no one's data, kept so the result form's preview reads it offline.
  clinicalRules: (userId: string) => ['member', userId, 'staff', 'clinical-rules'] as const,
  // Not under 'member': recipients' addresses, read on demand and never saved to the phone.
  failures: (userId: string) => ['staff-failures', userId] as const,
  // Not under 'member': the waiting list changes by the minute and is read when the page opens.
  waitingList: (userId: string, eventId: string) => ['staff-waiting-list', userId, eventId] as const,
  // Not under 'member': another person's consent answers are health data, read on demand and
  // never saved to the phone (sign-out's queryClient.clear() drops this in-memory copy).
  // Not under 'member': counts about men's health, read on demand and never saved to the phone.
  statistics: (userId: string, year: number, eventType: string) => ['staff-statistics', userId, year, eventType] as const,
  consent: (userId: string, eventId: string, appointmentId: string) => ['staff-consent', userId, eventId, appointmentId] as const,
  // Not under 'member': held lines of a results file carry PSA values, NHS numbers and dates of birth.
  resultHolds: (userId: string, eventId: string) => ['staff-result-holds', userId, eventId] as const,
  resultHoldCounts: (userId: string) => ['staff-result-holds', userId] as const,
  // Not under 'member': labels and the manifest carry NHS numbers, read on demand and never saved to the phone.
  labels: (userId: string, eventId: string, appointmentId: string | null) => ['staff-labels', userId, eventId, appointmentId ?? 'all'] as const,
  manifest: (userId: string, eventId: string) => ['staff-manifest', userId, eventId] as const,
  // Not under 'member': staff accounts and who works which event, read on demand and never saved to the phone.
  accounts: (userId: string) => ['staff-accounts', userId] as const,
  volunteers: (userId: string, eventId: string) => ['staff-volunteers', userId, eventId] as const,
};
