/**
 * POST /api/staff/members' 201 answer, declared once: the account a member
 * of staff made at a venue, and whether his choose-a-password email went
 * (docs/rules.md#venue-registration). The route answers with it and the
 * register page reads it. Apart from venue-registration.ts, whose rules
 * the form runs, so the form does not load zod for it.
 */
import { z } from './schema-kit';

export const registeredMemberSchema = z.strictObject({
  /** As the account is keyed: trimmed and lower-cased. */
  email: z.string(),
  /** False when the mail server refused: he can use Forgot password? instead. */
  emailed: z.boolean(),
});

export type RegisteredMember = z.output<typeof registeredMemberSchema>;
