import { Link } from 'react-router-dom';
import { InstallButton } from '../../features/offline';
import { site } from '../../content/site';
import { StaticMarkup } from '@/lib/ui/static-markup';
import { paths } from '@/lib/paths';
import { ContactBlock } from './contact-block';
import './footer.css';

const FOOTER_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'About Us', to: paths.aboutUs },
  { label: 'Events', to: paths.events },
  { label: 'Information Hub', to: paths.informationHub },
  { label: 'News', to: paths.news },
  { label: 'Refund Policy', to: paths.refundPolicy },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      {/* Its Install offer depends on the browser: hydrated once in view (ADR 0023). */}
      <div className="container footer-grid" data-hydrate-on-view="">
        {/* Never changes: on a rendered page, left as the server drew it (ADR 0015). */}
        <StaticMarkup as="section" aria-labelledby="footer-contact-title">
          <h2 id="footer-contact-title">Contact us</h2>
          <ContactBlock />
        </StaticMarkup>
        <StaticMarkup as="nav" aria-labelledby="footer-links-title">
          <h2 id="footer-links-title">Quick links</h2>
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </StaticMarkup>
        <InstallButton />
      </div>
      <div className="container footer-legal">
        <p>
          {site.charityRegister}, number {site.charityNumber}.
        </p>
        {/* A page rendered ahead of time carries the year of its build; the reader's year replaces it. */}
        <p suppressHydrationWarning>
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
