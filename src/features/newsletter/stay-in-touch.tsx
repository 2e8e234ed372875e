/**
 * The 'Stay In Touch' newsletter block (docs/rules.md#newsletter) shown
 * above the footer on the content pages, in the colours of the page it is
 * on. It needs a connection: offline it says so and keeps what was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { anchors } from '@/lib/paths';
import { NEWSLETTER_MESSAGES } from '../../domain/newsletter';
import { isNetworkError } from '../../lib/api-client';
import { ensureOnline, isNotSent, NO_ANSWER_MESSAGE } from '../../lib/not-sent';
import { useBrowserOnline } from '../../lib/online';
import { ReadyFieldset } from '../../lib/ui/ready-fieldset';
import { newsletterTone } from './placement';
import { subscribe, SubscribeError } from './subscribe';
import './newsletter.css';

const OFFLINE = "You're offline. What you typed is kept: subscribe once you're connected again.";

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

/**
 * The "both fields needed" sentence (docs/rules.md#newsletter), read from the
 * server's own schema (newsletter-schema.ts), loaded when someone presses
 * Subscribe rather than with every page. Any other problem (an address's shape)
 * is the server's to refuse, shown as "Error: ..." (docs/rules.md#newsletter);
 * if the rules cannot be fetched, the server still decides (a connection that
 * hangs waits at most RULES_WAIT_MS).
 */
const RULES_WAIT_MS = 2_000;

async function missingField(body: Record<string, unknown>): Promise<string | null> {
  const rules = await Promise.race([
    import('@/domain/newsletter-schema').catch(() => null),
    new Promise<null>((resolve) => setTimeout(resolve, RULES_WAIT_MS, null)),
  ]);
  const checked = rules?.checkSubscription(body);
  if (!rules || !checked || checked.ok) return null;
  const missing = checked.problems.filter((p) => p.code.startsWith('REQUIRED_FIELD'));
  return missing.length > 0 ? rules.subscriptionMessage(missing) : null;
}

export function StayInTouch() {
  const id = useId();
  const { pathname } = useLocation();
  const online = useBrowserOnline();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const tone = newsletterTone(pathname);
  if (!tone) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = await missingField({ name, email, hear_about_event: true });
    if (found) {
      setStatus({ kind: 'error', message: found });
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      await ensureOnline();
      await subscribe({ name: name.trim(), email: email.trim(), hear_about_event: true });
      setName('');
      setEmail('');
      setStatus({ kind: 'done', message: NEWSLETTER_MESSAGES.success });
    } catch (error) {
      const message =
        error instanceof SubscribeError
          ? `Error: ${error.message}`
          : isNotSent(error)
            ? error.message
            : isNetworkError(error)
              ? NO_ANSWER_MESSAGE
              : NEWSLETTER_MESSAGES.failed;
      setStatus({ kind: 'error', message });
    }
  }

  return (
    <section id={anchors.newsletters} className={`stay-in-touch stay-in-touch-${tone}`} aria-labelledby={`${id}-title`}>
      <div className="container stay-in-touch-inner">
        <div>
          <h2 id={`${id}-title`}>Stay In Touch</h2>
          <p>News of screening events near you and of our campaign for accessible PSA screening. We never share your details.</p>
        </div>
        <form className="stay-in-touch-form" noValidate onSubmit={submit}>
          <ReadyFieldset>
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="button" disabled={status.kind === 'submitting'}>
              {status.kind === 'submitting' ? 'Submitting...' : 'Subscribe'}
            </button>
            <p className="stay-in-touch-message" role="status">
              {!online && status.kind === 'idle' && OFFLINE}
              {status.kind === 'done' && <span className="message-success">{status.message}</span>}
              {status.kind === 'error' && <span className="message-error">{status.message}</span>}
            </p>
          </ReadyFieldset>
        </form>
      </div>
    </section>
  );
}
