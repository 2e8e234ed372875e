/** /about-us's sections: the three cards, MEET THE TEAM, Our Supporters and Get Involved. */
import { Link } from 'react-router-dom';
import { anchors, paths } from '@/lib/paths';
import {
  ABOUT_CARD_LIMIT,
  aboutCards,
  executiveTeam,
  GET_INVOLVED_LIMIT,
  getInvolvedCards,
  supporters,
  trusteesAndAdvisers,
  type ExpandableCard,
} from '../../content/pages/about';
import { site } from '../../content/site';
import { TruncatedText } from './components/truncated-text';
import './content.css';
import './about.css';

function Cards({ cards, limit, headingLevel }: { cards: ExpandableCard[]; limit: number; headingLevel: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.title} className="card">
          <Heading>{card.title}</Heading>
          <TruncatedText paragraphs={card.paragraphs} limit={limit} subject={card.title} />
        </li>
      ))}
    </ul>
  );
}

export function AboutIntro() {
  return (
    <section id={anchors.about} aria-labelledby="about-title">
      <h1 id="about-title">About CHAPS</h1>
      <Cards cards={aboutCards} limit={ABOUT_CARD_LIMIT} headingLevel="h2" />
      <p>
        <Link to={paths.bookEventMain} className="button button-primary">
          BOOK AN EVENT
        </Link>
      </p>
    </section>
  );
}

export function MeetTheTeam() {
  return (
    <section id={anchors.ourTeam} aria-labelledby="team-title">
      <h2 id="team-title">MEET THE TEAM</h2>
      <h3>Executive Team</h3>
      <ul className="card-grid card-grid-4 team-grid">
        {executiveTeam.map((person) => (
          <li key={person.name} className="card team-member">
            {person.photo && (
              <img src={person.photo.src} alt="" width={person.photo.width} height={person.photo.height} loading="lazy" />
            )}
            <p className="team-name">{person.name}</p>
            <p>{person.role}</p>
          </li>
        ))}
      </ul>
      <h3>Trustees / Clinical Advisory Board</h3>
      <ul className="trustee-list">
        {trusteesAndAdvisers.map((person) => (
          <li key={person.name}>
            <span className="team-name">{person.name}</span>, {person.role}
          </li>
        ))}
      </ul>
      <p className="sample-note">The names shown are sample content for the demonstration site, not real people.</p>
    </section>
  );
}

export function OurSupporters() {
  return (
    <section id={anchors.ourSupporters} aria-labelledby="supporters-title">
      <h2 id="supporters-title">Our Supporters</h2>
      <p>We are grateful to the employers, clubs, lodges and trusts whose support pays for free checks.</p>
      <ul className="supporter-logos">
        {supporters.map((s) => (
          <li key={s.name}>
            <img src={s.logo.src} alt={s.logo.alt} width={s.logo.width} height={s.logo.height} loading="lazy" />
          </li>
        ))}
      </ul>
      <p className="sample-note">Sample supporters, shown to illustrate the page.</p>
      <p>
        <a href={site.donateUrl} target="_blank" rel="noopener noreferrer" className="button button-primary">
          Become a Supporter<span className="visually-hidden"> (opens our fundraising page in a new tab)</span>
        </a>
      </p>
    </section>
  );
}

export function GetInvolved() {
  return (
    <section aria-labelledby="get-involved-title">
      <h2 id="get-involved-title">Get Involved</h2>
      <Cards cards={getInvolvedCards} limit={GET_INVOLVED_LIMIT} headingLevel="h3" />
    </section>
  );
}
