/**
 * GET /api/staff/me, declared once: the server's word that the signed-in
 * user may open the staff console (403 when not staff), which the console's
 * gate waits for (docs/architecture.md#contract).
 */
import { z } from './schema-kit';

export const staffMeSchema = z.strictObject({
  /** The signed-in staff member's address, from his token. */
  email: z.string(),
  /** Always 'staff': a member who is not is refused with 403 before any answer. */
  role: z.literal('staff'),
  /**
   * Minutes without use after which the console signs him out and asks
   * for his password again (STAFF_IDLE_MINUTES, docs/rules.md#staff-idle).
   */
  idle_minutes: z.int(),
});

export type StaffMe = z.output<typeof staffMeSchema>;
