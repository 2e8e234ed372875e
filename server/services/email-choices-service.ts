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
import { DEFAULT_EMAIL_CHOICES, EMAIL_CHOICES, isEmailChoice, type EmailChoice, type EmailChoices } from '../../src/domain/email-choices';
import type { Queryable } from '../db/adapter';
import type { Signer } from './signing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The choices of one member; the defaults when he has never changed them. */
export async function emailChoicesOf(q: Queryable, profileId: number): Promise<EmailChoices> {
  const [row] = await q.query<EmailChoices>(`SELECT ${EMAIL_CHOICES.join(', ')} FROM member_email_choices WHERE profile_id = $1`, [profileId]);
  return row ? (Object.fromEntries(EMAIL_CHOICES.map((choice) => [choice, row[choice]])) as EmailChoices) : { ...DEFAULT_EMAIL_CHOICES };
}

/** Sets the choices given, keeping the others; resolves to them all. */
export async function setEmailChoices(q: Queryable, profileId: number, changes: Partial<EmailChoices>, now: Date): Promise<EmailChoices> {
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
