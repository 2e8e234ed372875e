/**
 * The header: logo, the two phone lines (many visitors would rather call),
 * CONTACT US, Donate, and Portal for a signed-in member or Login. Who is
 * signed in is read synchronously from the stored session, so the header
 * never loads the auth client: member pages (RequireMember), sign-in and
 * sign-out do, and a member call whose stored token is near its end does, to
 * refresh it (src/lib/auth.ts; ADR 0015). Another tab's sign-in or sign-out
 * reaches the header through the storage event (src/lib/session.ts).
 */
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { mailtoHref, site, telHref } from '../../content/site';
import { paths } from '@/lib/paths';
import { Logo } from './logo';
import { SiteNav } from './site-nav';

export function SiteHeader() {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  return (
    <header className="site-header">
      <div className="container header-top">
        <Link to={paths.home} className="logo">
          <Logo />
          <span className="logo-text">
            <span className="logo-name">{site.name}</span>
            <span className="logo-tagline">{site.tagline}</span>
          </span>
          <span className="visually-hidden">, home page</span>
        </Link>

        <ul className="header-contacts" aria-label="Phone numbers">
          {[site.bookingHelpline, site.generalEnquiries].map((phone) => (
            <li key={phone.label}>
              <span className="header-contact-label">{phone.label}</span>{' '}
              <a href={telHref(phone)} className="header-contact-number">
                {phone.display}
              </a>
            </li>
          ))}
        </ul>

        <div className="header-actions">
          <a href={mailtoHref(site.email)} className="button button-small">
            CONTACT US
          </a>
          <a href={site.donateUrl} target="_blank" rel="noopener noreferrer" className="button button-small button-donate">
            Donate<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {signedIn ? (
            <Link to={paths.portal} className="button button-small button-primary">
              Portal
            </Link>
          ) : (
            <Link to={paths.login} className="button button-small button-primary">
              Login
            </Link>
          )}
        </div>
      </div>
      <SiteNav />
    </header>
  );
}
