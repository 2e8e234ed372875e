/**
 * The consent form's opening (docs/rules.md#consent): what the
 * screening project is, who it is for, and how the answers are used and
 * protected under UK GDPR. Plain words for men aged 40 to 80.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { mailtoHref, site } from '@/content/site';

export function ConsentIntro() {
  return (
    <div className="consent-intro">
      <h2 id="consent-title" tabIndex={-1}>
        PSA screening consent form
      </h2>
      <p>
        CHAPS runs a community screening project that offers a PSA (prostate-specific antigen) blood test to men aged
        40 to 80. A raised PSA level can be an early sign of prostate problems, including prostate cancer, often years
        before any symptoms. Finding it early gives the widest choice of treatment.
      </p>
      <p>
        The questions below help the laboratory and our clinical advisers read your result properly. Family history
        and some medicines change what a normal PSA level looks like for you. It takes about two minutes.
      </p>
      <h3>How we use and protect your information</h3>
      <p>
        Under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018, we hold your
        answers and your result as health information, which is a special category of personal data. We use them
        only to carry out your test, to send you your result, and, with names removed, to report on the project&rsquo;s
        findings. Your blood sample is tested by an accredited NHS or partner laboratory and is not used for anything
        else. We never sell your information.
      </p>
      <p>
        You can ask to see, correct or delete your information at any time by emailing{' '}
        <a href={mailtoHref(site.email)}>{site.email}</a>. Read more in our{' '}
        <Link to={paths.privacyPolicy}>privacy policy</Link>.
      </p>
    </div>
  );
}
