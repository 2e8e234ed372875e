/** The home page below the hero: screening events, ABOUT CHAPS, and TESTIMONIALS (docs/rules.md#home). */
import { Link } from 'react-router-dom';
import { anchors, paths, scrollAfter, withAnchor } from '@/lib/paths';
import { aboutBlock, screeningBlock, TESTIMONIAL_LIMIT, testimonials } from '../../content/pages/home';
import { TruncatedText } from './components/truncated-text';
import './content.css';

/** ABOUT CHAPS READ MORE scrolls to the about section 200 ms after opening /about-us (docs/rules.md#display-details). */
const ABOUT_READ_MORE_SCROLL_DELAY_MS = 200;

interface HomeBlockProps {
  id: string;
  picture: { src: string; lazy?: boolean };
  heading: string;
  body: readonly string[];
  readMore: { to: string; state?: unknown; subject: string };
}

/** A home section: a picture, its words, BOOK AN EVENT and a READ MORE link. */
function HomeBlock({ id, picture, heading, body, readMore }: HomeBlockProps) {
  return (
    <section className="home-block" aria-labelledby={id}>
      <img src={picture.src} alt="" width={320} height={200} className="home-block-picture" loading={picture.lazy ? 'lazy' : undefined} />
      <div>
        <h2 id={id}>{heading}</h2>
        {body.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p className="button-row">
          <Link to={paths.bookEventMain} className="button button-primary">
            BOOK AN EVENT
          </Link>
          <Link to={readMore.to} state={readMore.state} className="button">
            READ MORE<span className="visually-hidden"> {readMore.subject}</span>
          </Link>
        </p>
      </div>
    </section>
  );
}

export function ScreeningEventsBlock() {
  return (
    <HomeBlock
      id="home-screening-title"
      picture={{ src: '/images/screening.svg' }}
      heading={screeningBlock.heading}
      body={screeningBlock.body}
      readMore={{ to: paths.chapsScreeningEvent, subject: 'about our screening events' }}
    />
  );
}

export function AboutChapsBlock() {
  return (
    <HomeBlock
      id="home-about-title"
      picture={{ src: '/images/about.svg', lazy: true }}
      heading={aboutBlock.heading.toUpperCase()}
      body={aboutBlock.body}
      readMore={{
        to: withAnchor(paths.aboutUs, anchors.about),
        state: scrollAfter(ABOUT_READ_MORE_SCROLL_DELAY_MS),
        subject: 'about CHAPS',
      }}
    />
  );
}

export function Testimonials() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">TESTIMONIALS</h2>
      <ul className="card-grid">
        {testimonials.slice(0, 3).map((t) => (
          <li key={t.source} className="card testimonial">
            <blockquote>
              <TruncatedText paragraphs={[t.quote]} limit={TESTIMONIAL_LIMIT} subject={`testimonial from ${t.source}`} />
            </blockquote>
            <p className="testimonial-source">{t.source}</p>
          </li>
        ))}
      </ul>
      <p className="sample-note">Sample testimonials, shown to illustrate the page.</p>
    </section>
  );
}
