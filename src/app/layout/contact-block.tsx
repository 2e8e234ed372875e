/** Who to call about what, and where to write (docs/rules.md#navigation). */
import { mailtoHref, site, telHref } from '../../content/site';

export function ContactBlock() {
  return (
    <div className="contact-block">
      <dl className="contact-numbers">
        {[site.medicalEnquiries, site.eventEnquiries, site.generalEnquiries].map((phone) => (
          <div key={phone.label}>
            <dt>{phone.label}</dt>
            <dd>
              <a href={telHref(phone)}>{phone.display}</a>
            </dd>
          </div>
        ))}
        <div>
          <dt>Email</dt>
          <dd>
            <a href={mailtoHref(site.email)}>{site.email}</a>
          </dd>
        </div>
      </dl>
      <address className="contact-address">
        {site.postalAddress.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </div>
  );
}
