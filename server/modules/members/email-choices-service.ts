/**
 * A member's email choices (src/domain/email-choices.ts) and the signed
 * one-click unsubscribe links every optional email carries (RFC 8058).
 *
 * A link names the member by his profile's random public_id and the kind
 * of email, signed with the 'unsubscribe' purpose key: it works without
 * signing in, for as long as the email may be read (no expiry: RFC 8058
 * asks that it keep working), and only turns one kind off for one member,
 * so a leaked link can do nothing worse than that.
 */
import { DEFAULT_EMAIL_CHOICES, EMAIL_CHOICES, isEmailChoice, type EmailChoice, type EmailChoices } from '../../../src/domain/email-choices';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { Signer } from '../../platform/signing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The newsletter choice is his address on the newsletter list
 * (newsletter_subscriptions), the same list the site's sign-up form adds
 * to: turned on in the portal, he is on it; unsubscribed from either, he is
 * off it. So a member who signed up on the form before he had an account
 * sees the newsletter on, and one list is the one the charity sends to.
 * The list is read or cleared by address only for an address he has proven
 * (a link or code opened, ADR 0021) or that he put on the list himself here:
 * otherwise anyone could sign up as another man's address (where sign-up
 * needs no confirmation) and learn or undo his subscription.
 */
const ADDRESS_IS_HIS = (profileColumn: string) => `(
  EXISTS (SELECT 1 FROM member_profiles hp JOIN auth_users hu ON hu.id = hp.user_id
          WHERE hp.profile_id = ${profileColumn} AND hu.email_proven_at IS NOT NULL)
  OR COALESCE((SELECT hc.newsletter FROM member_email_choices hc WHERE hc.profile_id = ${profileColumn}), false))`;
const ON_NEWSLETTER = (profileColumn: string) =>
  `(EXISTS (SELECT 1 FROM newsletter_subscriptions n JOIN member_profiles np ON n.email = lower(btrim(np.email)) WHERE np.profile_id = ${profileColumn})
    AND ${ADDRESS_IS_HIS(profileColumn)})`;

/** The choices kept in member_email_choices: all but the newsletter, which is the list itself. */
type StoredChoice = Exclude<EmailChoice, 'newsletter'>;
const STORED_CHOICES = EMAIL_CHOICES.filter((choice): choice is StoredChoice => choice !== 'newsletter');
const storedChoice = () => col.nullable(col.bool());

/** Each stored choice, NULL (LEFT JOIN) when he never changed them, and whether he is on the newsletter list. */
const CHOICES_ROW = {
  ...(Object.fromEntries(STORED_CHOICES.map((choice) => [choice, storedChoice()])) as Record<StoredChoice, ReturnType<typeof storedChoice>>),
  on_newsletter: col.bool(),
};

/** The choices of one member; the defaults when he has never changed them. */
export async function emailChoicesOf(q: Queryable, profileId: number): Promise<EmailChoices> {
  const row = await rowOf(
    q,
    CHOICES_ROW,
    `SELECT ${STORED_CHOICES.map((choice) => `c.${choice}`).join(', ')}, ${ON_NEWSLETTER('$1')} AS on_newsletter
     FROM (SELECT 1) one LEFT JOIN member_email_choices c ON c.profile_id = $1`,
    [profileId],
  );
  const choices = { ...DEFAULT_EMAIL_CHOICES };
  for (const choice of STORED_CHOICES) choices[choice] = row?.[choice] ?? choices[choice];
  choices.newsletter = row?.on_newsletter ?? false;
  return choices;
}

/** Puts him on the newsletter list (his name from his profile) or takes him off it. */
async function setNewsletter(q: Queryable, profileId: number, on: boolean, now: Date): Promise<void> {
  if (on) {
    await q.query(
      `INSERT INTO newsletter_subscriptions (email, name, hear_about_event, created_at, updated_at)
       SELECT lower(btrim(email)), btrim(concat_ws(' ', first_name, last_name)), true, $2, $2 FROM member_profiles WHERE profile_id = $1
       ON CONFLICT (email) DO UPDATE SET updated_at = EXCLUDED.updated_at`,
      [profileId, now],
    );
  } else {
    await q.query(
      `DELETE FROM newsletter_subscriptions WHERE email = (SELECT lower(btrim(email)) FROM member_profiles WHERE profile_id = $1) AND ${ADDRESS_IS_HIS('$1')}`,
      [profileId],
    );
  }
}

/** Sets the choices given, keeping the others; resolves to them all. */
export async function setEmailChoices(q: Queryable, profileId: number, changes: Partial<EmailChoices>, now: Date): Promise<EmailChoices> {
  if (changes.newsletter !== undefined) await setNewsletter(q, profileId, changes.newsletter, now);
  const next = { ...(await emailChoicesOf(q, profileId)), ...changes };
  // Every column named from EMAIL_CHOICES (fixed names, never input): one kind added there is one column here.
  const values = EMAIL_CHOICES.map((_, i) => `$${i + 2}`).join(', ');
  const updates = EMAIL_CHOICES.map((choice) => `${choice} = EXCLUDED.${choice}`).join(', ');
  await q.query(
    `INSERT INTO member_email_choices (profile_id, ${EMAIL_CHOICES.join(', ')}, updated_at)
     VALUES ($1, ${values}, $${EMAIL_CHOICES.length + 2})
     ON CONFLICT (profile_id) DO UPDATE SET ${updates}, updated_at = EXCLUDED.updated_at`,
    [profileId, ...EMAIL_CHOICES.map((choice) => next[choice]), now],
  );
  return next;
}

/** SQL: true when the member of `profileColumn` has not turned `choice` off (or on, for the asked-for kinds). */
export function wantsEmailSql(choice: EmailChoice, profileColumn: string): string {
  if (choice === 'newsletter') return ON_NEWSLETTER(profileColumn);
  return `COALESCE((SELECT c.${choice} FROM member_email_choices c WHERE c.profile_id = ${profileColumn}), ${DEFAULT_EMAIL_CHOICES[choice]})`;
}

export interface UnsubscribeLink {
  /** The page a person opens (GET shows a button; POST unsubscribes). */
  url: string;
  /** RFC 8058's two headers; a mail program POSTs `List-Unsubscribe=One-Click` to the same URL. */
  headers: Record<string, string>;
}

export interface UnsubscribeLinks {
  /**
   * Loads the signing secret: call before a transaction that makes links. The
   * stored secret is read through the database's own handle, which on PGlite
   * (one connection) waits for the open transaction: inside it, it would wait forever.
   */
  prepare(): Promise<void>;
  linkFor(publicId: string, kind: EmailChoice): Promise<UnsubscribeLink>;
  /** The member and kind a token names, or null when it is altered or malformed. */
  check(token: string): Promise<{ publicId: string; kind: EmailChoice } | null>;
}

/** `siteUrl`: SITE_URL (required in production); in development, this server's own origin. */
export function createUnsubscribeLinks(signer: Signer, siteUrl: string): UnsubscribeLinks {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    async prepare() {
      await signer.sign('unsubscribe', '');
    },
    async linkFor(publicId, kind) {
      const data = `${publicId.toLowerCase()}.${kind}`;
      const token = `${data}.${await signer.sign('unsubscribe', data)}`;
      const url = `${origin}/unsubscribe?t=${encodeURIComponent(token)}`;
      return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
    },
    async check(token) {
      if (token.length > 200) return null;
      const [publicId, kind, signature, ...rest] = token.split('.');
      if (rest.length > 0 || !publicId || !UUID.test(publicId) || !isEmailChoice(kind) || !signature) return null;
      if (publicId !== publicId.toLowerCase()) return null;
      return (await signer.verify('unsubscribe', `${publicId}.${kind}`, signature)) ? { publicId, kind } : null;
    },
  };
}
