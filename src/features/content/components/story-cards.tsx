/** The Patient Journey cards: three per row on large screens, READ MORE to each story. */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { patientStories } from '@/content/pages/stories';

export function StoryCards({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="card-grid story-cards">
      {patientStories.map((story) => (
        <li key={story.id} className="card">
          <img src={story.picture.src} alt="" width={story.picture.width} height={story.picture.height} loading="lazy" className="story-picture" />
          <Heading>{story.name}</Heading>
          <p>{story.summary}</p>
          <p className="story-more">
            <Link to={paths.patientStory(story.id)} className="button button-small">
              READ MORE<span className="visually-hidden">: {story.title}</span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
