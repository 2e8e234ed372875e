/** /information-hub/{id}: one of the three articles; an unknown id goes to the not-found page. */
import { Link, Navigate, useParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { findArticle } from '@/content/pages/information-hub';
import { CopyPage } from '../components/copy-page';
import { ResourcesList } from '../components/resources-list';

export default function ArticlePage() {
  const article = findArticle(useParams().id);
  if (!article) return <Navigate to={paths.notFound} replace />;
  return (
    <CopyPage page={article}>
      <p className="button-row">
        <Link to={paths.bookEventMain} className="button button-primary">
          BOOK AN EVENT
        </Link>
        <Link to={paths.informationHub} className="button">
          Back to the Information Hub
        </Link>
      </p>
      <ResourcesList />
    </CopyPage>
  );
}
