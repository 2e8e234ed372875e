/** /news/patient-journey/{id}: one story; an unknown id goes to the not-found page. */
import { Link, Navigate, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { findStory, ILLUSTRATIVE_NOTE } from '@/content/pages/stories';
import { usePageMeta } from '../page-meta';
import '../content.css';
import '../news.css';

export default function PatientStoryPage() {
  const story = findStory(useParams().id);
  usePageMeta(story?.title ?? 'Page not found', story?.summary ?? '');
  if (!story) return <Navigate to={paths.notFound} replace />;
  return (
    <article className="page content-page copy-section">
      <h1>{story.title}</h1>
      <p className="notice">{ILLUSTRATIVE_NOTE}</p>
      {story.body.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p>
        <Link to={paths.patientJourney}>Back to all patient stories</Link>
      </p>
      <p>
        <Link to={paths.bookEventMain} className="button button-primary">
          BOOK AN EVENT
        </Link>
      </p>
    </article>
  );
}
