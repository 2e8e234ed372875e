/** /events (overview), its three detail pages and /chaps-screening-event. */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import {
  chapsScreeningEvent,
  communityScreening,
  corporateScreening,
  eventsOverview,
  masonicLiaison,
  seminarTalks,
  type EventsLink,
} from '@/content/pages/events';
import { FREEMASON_STORY_ID } from '@/content/pages/stories';
import { mailtoHref, site } from '@/content/site';
import { CopyPage } from '../components/copy-page';
import { ResultColours } from '../components/result-colours';
import { SeminarVideo } from '../components/seminar-video';
import { usePageMeta } from '../page-meta';
import '../content.css';

const LEARN_MORE: Record<EventsLink, string> = {
  communityScreening: paths.communityScreening,
  freemasonStory: paths.patientStory(FREEMASON_STORY_ID),
  corporateScreening: paths.corporateScreening,
  seminarTalks: paths.seminarTalks,
};

const BookButton = () => (
  <Link to={paths.bookEventMain} className="button button-primary">
    BOOK AN EVENT
  </Link>
);

export function EventsOverviewPage() {
  usePageMeta(eventsOverview.title, eventsOverview.description);
  return (
    <div className="page content-page">
      <h1>{eventsOverview.heading}</h1>
      <p className="page-lead">{eventsOverview.intro}</p>
      {eventsOverview.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="copy-section">
          <h2 id={`${section.id}-title`}>{section.heading}</h2>
          {section.body.map((text) => (
            <p key={text}>{text}</p>
          ))}
          <p className="button-row">
            <Link to={LEARN_MORE[section.learnMore]} className="button">
              {section.bookable ? 'LEARN MORE' : 'Learn More'}
              <span className="visually-hidden">: {section.heading}</span>
            </Link>
            {section.bookable ? (
              <BookButton />
            ) : (
              <a href={mailtoHref(site.email, 'Speaker request')}>Email us to request a speaker</a>
            )}
          </p>
          {section.id === 'freemason' && <MasonicLiaison />}
        </section>
      ))}
    </div>
  );
}

const ContactLine = ({ subject = 'Screening event enquiry' }: { subject?: string }) => (
  <p>
    Event enquiries: <a href={`tel:${site.eventEnquiries.e164}`}>{site.eventEnquiries.display}</a>, or email{' '}
    <a href={mailtoHref(site.email, subject)}>{site.email}</a>.
  </p>
);

const MasonicLiaison = () => (
  <div id={masonicLiaison.id} className="masonic-liaison">
    <h3>{masonicLiaison.heading}</h3>
    {masonicLiaison.body.map((text) => (
      <p key={text}>{text}</p>
    ))}
    <ContactLine subject="Lodge screening enquiry" />
  </div>
);

export const CorporateScreeningPage = () => (
  <CopyPage page={corporateScreening}>
    <ContactLine />
    <p>
      <BookButton />
    </p>
  </CopyPage>
);

export const CommunityScreeningPage = () => (
  <CopyPage page={communityScreening}>
    <ContactLine />
    <p>
      <BookButton />
    </p>
  </CopyPage>
);

export const SeminarTalksPage = () => (
  <CopyPage page={seminarTalks} before={<SeminarVideo />}>
    <p>
      <a href={mailtoHref(site.email, 'Speaker request')} className="button button-primary">
        Email us to request a speaker
      </a>
    </p>
  </CopyPage>
);

export const ChapsScreeningEventPage = () => (
  <CopyPage page={chapsScreeningEvent}>
    <ResultColours />
    <p className="button-row">
      <BookButton />
      <Link to={paths.refundPolicy}>Our refund and cancellation policy</Link>
    </p>
  </CopyPage>
);
