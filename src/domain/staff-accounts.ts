/**
 * /api/staff/accounts and /api/staff/events/{id}/volunteers' answers,
 * declared once (docs/architecture.md#contract): staff accounts with their
 * roles, an admin granting, changing or removing one by email, and the
 * volunteers assigned to an event (docs/rules.md#staff-roles).
 */
import { z } from './schema-kit';
import { STAFF_ROLES, type StaffRole } from './staff-roles';

export const staffAccountSchema = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** He has confirmed an authenticator app (docs/rules.md#second-factor). */
  second_factor: z.boolean(),
});

/** GET /api/staff/accounts: every account holding a role, by email. */
export const staffAccountsAnswerSchema = z.strictObject({ accounts: z.array(staffAccountSchema) });

/** PUT /api/staff/accounts/role {email, role | null}: the account as it is now (role null: no longer staff). */
export const roleChangedSchema = z.strictObject({ email: z.string(), role: z.nullable(z.enum(STAFF_ROLES)) });

/**
 * POST /api/staff/accounts/second-factor/reset {email}: his authenticators
 * removed and his sessions ended, so his next sign-in adds the app again.
 */
export const secondFactorResetSchema = z.strictObject({ email: z.string(), factors_removed: z.number(), sessions_ended: z.number() });

export const eventVolunteerSchema = z.strictObject({
  user_id: z.string(),
  email: z.string(),
  /** ISO instant. */
  assigned_at: z.string(),
});

/** GET, POST {email} and DELETE /api/staff/events/{id}/volunteers[/{userId}]: the volunteers assigned to the event, by email. */
export const eventVolunteersSchema = z.strictObject({ volunteers: z.array(eventVolunteerSchema) });

export type StaffAccount = z.output<typeof staffAccountSchema>;
export type StaffAccountsAnswer = z.output<typeof staffAccountsAnswerSchema>;
export type RoleChanged = z.output<typeof roleChangedSchema>;
export type SecondFactorReset = z.output<typeof secondFactorResetSchema>;
export type EventVolunteer = z.output<typeof eventVolunteerSchema>;
export type EventVolunteers = z.output<typeof eventVolunteersSchema>;

/** What each role opens, in words for the Staff page (docs/rules.md#staff-roles). */
export const STAFF_ROLE_TEXT: Record<StaffRole, { name: string; opens: string }> = {
  admin: { name: 'Admin', opens: 'Everything, and gives staff their roles.' },
  clinical: { name: 'Clinical', opens: 'Results, consent answers, follow-up, recall intervals and statistics.' },
  events: { name: 'Events', opens: 'Events, access codes, attendee lists (no results), waiting lists and payments.' },
  volunteer: { name: 'Volunteer', opens: 'The attendee list, check-in and labels of the events he is assigned to, on the day.' },
};
