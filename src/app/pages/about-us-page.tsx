/** /about-us: the content feature's sections with the contact feature's form (docs/rules.md#about-us). */
import { ContactForm } from '../../features/contact';
import { usePageMeta } from '../../features/content';
import { AboutIntro, GetInvolved, MeetTheTeam, OurSupporters } from '../../features/content/about-sections';
import { aboutPage } from '../../content/pages/about';

export default function AboutUsPage() {
  usePageMeta(aboutPage.title, aboutPage.description);
  return (
    <div className="page content-page">
      <AboutIntro />
      <MeetTheTeam />
      <OurSupporters />
      <GetInvolved />
      <section aria-labelledby="contact-title">
        <h2 id="contact-title">Contact Us</h2>
        <p>Questions about screening, hosting an event or supporting us? Send us a message and we will reply by email or phone.</p>
        <ContactForm />
      </section>
    </div>
  );
}
