/** The home page below the hero: screening events, ABOUT CHAPS, and TESTIMONIALS (SPEC.md section 2). */
import { Link } from 'react-router-dom';
import { anchors, paths, scrollAfter, withAnchor } from '../../app/paths';
import { aboutBlock, screeningBlock, TESTIMONIAL_LIMIT, testimonials } from '../../content/pages/home';
import { TruncatedText } from './components/truncated-text';
import './content.css';

/** ABOUT CHAPS READ MORE scrolls to the about section 200 ms after opening /about-us (SPEC.md section 2). */
const ABOUT_READ_MORE_SCROLL_DELAY_MS = 200;

export function ScreeningEventsBlock() {
  return (
    <section className="home-block" aria-labelledby="home-screening-title">
      <img src="/images/screening.svg" alt="" width={320} height={200} className="home-block-picture" />
      <div>
        <h2 id="home-screening-title">{screeningBlock.heading}</h2>
        {screeningBlock.body.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p className="button-row">
          <Link to={paths.bookEventMain} className="button button-primary">
            BOOK AN EVENT
          </Link>
          <Link to={paths.chapsScreeningEvent} className="button">
            READ MORE<span className="visually-hidden"> about our screening events</span>
          </Link>
        </p>
      </div>
    </section>
  );
}

export function AboutChapsBlock() {
  return (
    <section className="home-block" aria-labelledby="home-about-title">
      <img src="/images/about.svg" alt="" width={320} height={200} className="home-block-picture" loading="lazy" />
      <div>
        <h2 id="home-about-title">{aboutBlock.heading.toUpperCase()}</h2>
        {aboutBlock.body.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p className="button-row">
          <Link to={paths.bookEventMain} className="button button-primary">
            BOOK AN EVENT
          </Link>
          <Link to={withAnchor(paths.aboutUs, anchors.about)} state={scrollAfter(ABOUT_READ_MORE_SCROLL_DELAY_MS)} className="button">
            READ MORE<span className="visually-hidden"> about CHAPS</span>
          </Link>
        </p>
      </div>
    </section>
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
