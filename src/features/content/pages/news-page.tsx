/** /news: the Patient Journey cards and RECENT NEWS (docs/rules.md#news). The layout hides the footer here. */
import { newsPage } from '@/content/news';
import { StoryCards } from '../components/story-cards';
import { NewsList } from '../components/news-list';
import { usePageMeta } from '../page-meta';
import '../content.css';
import '../news.css';

export default function NewsPage() {
  usePageMeta(newsPage.title, newsPage.description);
  return (
    <div className="page content-page">
      <h1>News</h1>
      <section aria-labelledby="patient-journey-title">
        <h2 id="patient-journey-title">Patient Journey</h2>
        <StoryCards />
      </section>
      <NewsList />
    </div>
  );
}
