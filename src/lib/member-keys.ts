/**
 * Query keys of the member's own data, under their id so one member never
 * reads another's saved copy. 'member' is a persisted root (query-client.ts)
 * and sign-out wipes it. In src/lib because the account pages and the
 * booking screens both read and refresh the member's bookings.
 */
export const memberKeys = {
  all: ['member'] as const,
  profile: (userId: string) => ['member', userId, 'profile'] as const,
  results: (userId: string, publicId: string) => ['member', userId, 'results', publicId] as const,
  /** The clinical rule results are banded by now (GET /api/medical/rule), for his chart's background and GP letter. */
  clinicalRule: (userId: string) => ['member', userId, 'clinical-rule'] as const,
  appointments: (userId: string) => ['member', userId, 'appointments'] as const,
  emailChoices: (userId: string) => ['member', userId, 'email-choices'] as const,
  recordAccess: (userId: string) => ['member', userId, 'record-access'] as const,
  appointment: (userId: string, appointmentId: string) => ['member', userId, 'appointment', appointmentId] as const,
};
