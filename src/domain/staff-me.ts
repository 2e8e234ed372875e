/**
 * GET /api/staff/me, declared once: the server's word that the signed-in
 * user may open the staff console (403 when not staff), which the console's
 * gate waits for (docs/architecture.md#contract).
 */
import { z } from './schema-kit';
import { STAFF_ROLES } from './staff-roles';

export const staffMeSchema = z.strictObject({
  /** The signed-in staff member's address, from his token. */
  email: z.string(),
  /** His role (src/domain/staff-roles.ts); a member with none is refused with 403 before any answer. */
  role: z.enum(STAFF_ROLES),
  /**
   * The assurance level his role needs for medical data ('aal2' for admin
   * and clinical) and the level his session has now (the token's `aal`):
   * the console asks for his second factor while they differ.
   */
  assurance: z.strictObject({ required: z.enum(['aal1', 'aal2']), current: z.enum(['aal1', 'aal2']) }),
  /**
   * Minutes without use after which the console signs him out and asks
   * for his password again (STAFF_IDLE_MINUTES, docs/rules.md#staff-idle).
   */
  idle_minutes: z.int(),
});

export type StaffMe = z.output<typeof staffMeSchema>;
