/**
 * Staff roles (docs/rules.md#staff-roles), least privilege for health
 * data. The role is the auth user's `app_metadata.role`.
 * - admin: everything, and grants roles
 * - clinical: results, consent answers, follow-up outcomes, recall
 *   intervals, clinical rules, statistics
 * - events: events, access codes, attendee lists, waiting lists, refunds
 * - volunteer: the attendee list, check-in and labels of the events he is
 *   assigned to, on the day; no results, no consent answers, no other events
 * The old single role `staff` reads as admin, so an existing staff account
 * keeps its console until an admin narrows it.
 */
export const STAFF_ROLES = ['admin', 'clinical', 'events', 'volunteer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role an `app_metadata.role` value grants, or null when it grants none. */
export function staffRoleOf(value: unknown): StaffRole | null {
  if (value === 'staff') return 'admin';
  return (STAFF_ROLES as readonly unknown[]).includes(value) ? (value as StaffRole) : null;
}

/** Roles that see or change medical data, and so must sign in with a second factor (aal2). */
export const SECOND_FACTOR_ROLES: readonly StaffRole[] = ['admin', 'clinical'];

export const needsSecondFactor = (role: StaffRole): boolean => SECOND_FACTOR_ROLES.includes(role);
