/**
 * What the console shows each staff role (docs/rules.md#staff-roles): the
 * same matrix as the server's route table
 * (server/modules/staff/staff-route-policy.ts), which decides; the console
 * only leaves out what the role could not use, so nobody meets a button the
 * server would refuse.
 */
import type { StaffRole } from '@/domain/staff-roles';

export type StaffAbility =
  /** Every event, not only his own of today. */
  | 'allEvents'
  /** Create, edit, cancel events and set access codes; waiting lists. */
  | 'manageEvents'
  /** Results, consent answers, recall, follow-up, held lines, statistics. */
  | 'clinical'
  /** The lab's manifest. */
  | 'manifest'
  /** Register a man at a venue. */
  | 'registerMember'
  /** Failed emails and refunds. */
  | 'failures'
  /** Staff accounts, roles and volunteers' events. */
  | 'staffAccounts';

const ABILITIES: Record<StaffRole, readonly StaffAbility[]> = {
  admin: ['allEvents', 'manageEvents', 'clinical', 'manifest', 'registerMember', 'failures', 'staffAccounts'],
  clinical: ['allEvents', 'clinical', 'manifest'],
  events: ['allEvents', 'manageEvents', 'manifest', 'registerMember'],
  volunteer: ['registerMember'],
};

export const can = (role: StaffRole, ability: StaffAbility): boolean => ABILITIES[role].includes(ability);
