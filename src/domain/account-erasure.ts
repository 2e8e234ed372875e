/**
 * "Delete my account"
 * (docs/decisions/0021-member-record-export-and-erasure.md): the body the form
 * sends and POST /api/me/delete checks, and the words both sides show.
 */
import { z } from './schema-kit';

/** As GoTrue caps a password (server/modules/auth/passwords.ts MAX_PASSWORD_BYTES); characters here, bytes there. */
const PASSWORD_MAX = 72;

export const ERASURE_MESSAGES = {
  password: 'Enter your password to confirm.',
  wrongPassword: 'That password is not right. Your account has not been deleted.',
  upcoming: 'You have an upcoming booking. Cancel it under My bookings first, then delete your account.',
  staff: 'This is a staff account: ask the charity to remove its staff role first, then delete it here.',
  hosted: 'Accounts are kept by our sign-in provider here: ask us to delete yours (see Contact us).',
} as const;

export const accountErasureSchema = z.object({
  password: z.string(ERASURE_MESSAGES.password).check(z.minLength(1, ERASURE_MESSAGES.password), z.maxLength(PASSWORD_MAX, ERASURE_MESSAGES.wrongPassword)),
});

export type AccountErasure = z.output<typeof accountErasureSchema>;

/**
 * POST /api/me/delete's answer when the account is gone, declared once: how
 * many bookings and payments are kept without his name (the charity's
 * records, docs/decisions/0021-member-record-export-and-erasure.md).
 */
export const erasureAnswerSchema = z.strictObject({ deleted: z.literal(true), bookings_kept: z.number(), payments_kept: z.number() });

export type ErasureAnswer = z.output<typeof erasureAnswerSchema>;
