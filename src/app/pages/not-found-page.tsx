import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page not-found">
      <h1>Page not found</h1>
      <p>Sorry, we couldn't find the page you're looking for.</p>
      <p>
        <Link to={paths.home} className="button button-primary">
          Go back home
        </Link>
      </p>
    </div>
  );
}
