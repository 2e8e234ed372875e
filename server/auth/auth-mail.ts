/**
 * The two emails the auth stand-in sends: a welcome that confirms the
 * address, and a password-reset link. Sent through the mail module
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

function mail(to: string, subject: string, lines: string[], link: string, linkText: string): OutgoingMail {
  const text = [...lines, '', `${linkText}: ${link}`, '', 'CHAPS'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
    '<p>CHAPS</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function welcomeMail(to: string, name: string, link: string): OutgoingMail {
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
  );
}

export function recoveryMail(to: string, link: string): OutgoingMail {
  return mail(
    to,
    'Reset your CHAPS password',
    [
      'We received a request to reset the password of your CHAPS account.',
      'The link below works once, for one hour. If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
    link,
    'Choose a new password',
  );
}
