/** The home page's opening: who the charity is and the one thing most visitors came to do. */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import './home.css';

export function HomeHero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-inner">
        <h1 id="hero-title">Advocacy for Men's Health</h1>
        <p className="hero-subtitle">Campaigning for Accessible PSA Screening</p>
        <p className="hero-text">
          There is no organised NHS screening programme for prostate cancer. We run PSA blood test
          screening events across the country for men aged 40 to 80.
        </p>
        <Link to={paths.bookEventMain} className="button button-hero">
          BOOK AN EVENT
        </Link>
      </div>
    </section>
  );
}
