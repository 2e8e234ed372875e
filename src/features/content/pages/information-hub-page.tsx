/** /information-hub: three article cards, Research and Data, and the resources list. */
import { Link } from 'react-router-dom';
import { anchors, paths } from '@/lib/paths';
import { articles, informationHubPage } from '@/content/pages/information-hub';
import { researchAndData } from '@/content/pages/research';
import { ResourcesList } from '../components/resources-list';
import { usePageMeta } from '../page-meta';
import '../content.css';

export default function InformationHubPage() {
  usePageMeta(informationHubPage.title, informationHubPage.description);
  return (
    <div className="page content-page">
      <h1>{informationHubPage.heading}</h1>
      <p className="page-lead">{informationHubPage.intro}</p>
      <ul className="card-grid">
        {articles.map((article) => (
          <li key={article.id} id={article.anchor} className="card">
            <img src={article.picture.src} alt={article.cardText ? '' : article.picture.alt} width={article.picture.width} height={article.picture.height} className="home-block-picture" />
            <h2>{article.cardTitle}</h2>
            {article.cardText && <p>{article.cardText}</p>}
            <p>
              <Link to={paths.informationArticle(article.id)}>
                READ MORE<span className="visually-hidden">: {article.title}</span>
              </Link>
            </p>
          </li>
        ))}
      </ul>
      <section id={anchors.education} aria-labelledby="research-title">
        <h2 id="research-title">Research and Data</h2>
        <ul className="card-grid">
          {researchAndData.map((item) => (
            <li key={item.title} className="card">
              <h3>
                <Link to={paths[item.page]}>{item.title}</Link>
              </h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <ResourcesList />
    </div>
  );
}
