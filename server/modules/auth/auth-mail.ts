/**
 * The two emails the auth stand-in sends: a welcome that confirms the
 * address, and a password-reset link. Neither carries text a requester
 * wrote, beyond a name that passes displayNameForMail; their links are
 * built from the site's origin (server/platform/http/site-origin.ts). Sent through the mail module
 * (SMTP, or the /dev/outbox table locally).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailSender {
  send(message: OutgoingMail): Promise<unknown>;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function mail(to: string, subject: string, lines: string[], link: string, linkText: string, code?: string): OutgoingMail {
  const codeLine = code ? [`If an app asks you for a code instead, it is ${code}.`] : [];
  const text = [...lines, '', `${linkText}: ${link}`, ...codeLine, '', 'CHAPS'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
    ...codeLine.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<p>CHAPS</p>',
  ].join('\n');
  return { to, subject, text, html };
}

// A name as people write names: letters (any script), spaces, hyphens,
// apostrophes, full stops. No digits, slashes or colons, so no link or
// message can ride in it.
const NAME = /^\p{L}[\p{L}\p{M} '’.-]{0,59}$/u;

/**
 * The sign-up's display_name when it is a plain name, else '' (the email
 * then greets without one). Anyone may sign up with any address, so
 * whatever goes into the welcome email is written by a stranger.
 */
export function displayNameForMail(value: unknown): string {
  if (typeof value !== 'string') return '';
  const name = value.trim().replace(/\s+/g, ' ');
  return NAME.test(name) ? name : '';
}

export function welcomeMail(to: string, name: string, link: string, code?: string): OutgoingMail {
  return mail(
    to,
    'Welcome to CHAPS: confirm your email address',
    [
      `Hello${name ? ` ${name}` : ''},`,
      'Thank you for creating a CHAPS account. You can now book a PSA screening event.',
      'Please confirm that this email address is yours. The link works for 24 hours.',
    ],
    link,
    'Confirm your email address',
    code,
  );
}

/** To the owner of an address someone tried to sign up with again: sent instead of revealing the address is taken. */
export function accountExistsMail(to: string, link: string): OutgoingMail {
  return mail(
    to,
    'You already have a CHAPS account',
    [
      'Someone, probably you, just tried to create a CHAPS account with this email address, which already has one.',
      'You can sign in with your password, or choose a new one from the sign-in page if you have forgotten it. If this was not you, you can ignore this email.',
    ],
    link,
    'Sign in to CHAPS',
  );
}

export function recoveryMail(to: string, link: string, code?: string): OutgoingMail {
  return mail(
    to,
    'Reset your CHAPS password',
    [
      'We received a request to reset the password of your CHAPS account.',
      'The link below works once, for one hour. If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
    link,
    'Choose a new password',
    code,
  );
}

/** To a man staff registered at a screening venue: his account is ready once he chooses a password. */
export function venueRegistrationMail(to: string, name: string, link: string, code?: string): OutgoingMail {
  return mail(
    to,
    'Your CHAPS account: choose a password',
    [
      `Hello${name ? ` ${name}` : ''},`,
      'A member of the CHAPS team has made an account for you with this email address, so you can book PSA screening and read your results online.',
      'To start using it, choose a password with the link below. The link works once, for 24 hours; after that, use Forgot password? on the sign-in page.',
      'If you did not ask for an account, you can ignore this email: nothing is booked or shared.',
    ],
    link,
    'Choose your password',
    code,
  );
}
