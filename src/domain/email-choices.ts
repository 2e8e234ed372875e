/**
 * Which emails a member gets beyond those about what he did (a booking's
 * confirmation, change, cancellation, refund, a result ready):
 * docs/decisions/0018-email-choices-and-unsubscribe.md. Reminders the day
 * before and waiting-list offers follow from something he asked for, so they
 * are on until he turns them off; recall invitations and the newsletter are
 * asked for, never assumed, so they start off. The GP prompt after a red result
 * follows up his own result, so it is on until he turns it off, but it is still
 * optional (docs/decisions/0020). Each email of these kinds carries a one-click
 * unsubscribe (RFC 8058) for its own kind.
 */
import { z } from './schema-kit';

export const EMAIL_CHOICES = ['reminders', 'recall', 'gp_prompt', 'waiting_list', 'newsletter'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** Each choice on or off, all of them: as the member has them, or the defaults he never changed. */
export const emailChoicesSchema = z.strictObject({
  reminders: z.boolean(),
  recall: z.boolean(),
  gp_prompt: z.boolean(),
  waiting_list: z.boolean(),
  newsletter: z.boolean(),
} satisfies Record<EmailChoice, z.ZodMiniBoolean>);

export type EmailChoices = z.output<typeof emailChoicesSchema>;

/** GET and PUT /api/email-choices, declared once: the choices in force after the request. */
export const emailChoicesAnswerSchema = z.strictObject({ choices: emailChoicesSchema });

export type EmailChoicesAnswer = z.output<typeof emailChoicesAnswerSchema>;

export const DEFAULT_EMAIL_CHOICES: EmailChoices = { reminders: true, recall: false, gp_prompt: true, waiting_list: true, newsletter: false };

export const EMAIL_CHOICE_TEXT: Record<EmailChoice, { label: string; hint: string; stopped: string }> = {
  reminders: {
    label: 'Appointment reminders',
    hint: 'An email the day before each appointment you book.',
    stopped: 'You will no longer get reminders the day before your appointments.',
  },
  recall: {
    label: 'When my next PSA test is due',
    hint: 'An invitation, with the events nearest to you, four weeks before your next test is due, and one reminder a month later.',
    stopped: 'You will no longer get invitations when your next PSA test is due.',
  },
  gp_prompt: {
    label: 'A reminder to see your GP after a result that needs it',
    hint: 'One email six weeks after a result in the red band, asking whether you have seen your GP and what to do next.',
    stopped: 'You will no longer get reminders to see your GP after a result.',
  },
  waiting_list: {
    label: 'Waiting-list offers',
    hint: 'An email when a place frees at a full event whose waiting list you joined.',
    stopped: 'You will no longer get offers of places from waiting lists.',
  },
  newsletter: {
    label: 'Newsletter',
    hint: 'News from the charity, a few times a year.',
    stopped: 'You will no longer get the newsletter.',
  },
};

export const isEmailChoice = (value: unknown): value is EmailChoice => (EMAIL_CHOICES as readonly unknown[]).includes(value);
