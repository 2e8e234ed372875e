/** /: the hero and the upcoming events. More home sections come with the content work. */
import { HomeHero } from '../../features/content';
import { UpcomingEvents } from '../../features/events';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function HomePage() {
  useDocumentTitle(null);
  return (
    <div className="page home-page">
      <HomeHero />
      <UpcomingEvents />
    </div>
  );
}
