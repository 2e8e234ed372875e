// @jsxRuntime automatic (tsx runs this file outside Vite, and the root tsconfig names no JSX runtime)
/**
 * The floor page's whole content: a static copy of the home page's hero
 * (src/features/content/home-hero.tsx) with a plain link for the router's.
 * Rendered to HTML by the bench (floor.ts) and hydrated by main.tsx, so the
 * page costs what React 19 costs to hydrate a little markup and no more.
 */
export function FloorHero() {
  return (
    <main className="container site-main">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <h1 id="hero-title">Advocacy for Men's Health</h1>
          <p className="hero-subtitle">Campaigning for Accessible PSA Screening</p>
          <p className="hero-text">
            There is no organised NHS screening programme for prostate cancer. We run PSA blood test
            screening events across the country for men aged 40 to 80.
          </p>
          <a href="/book-event-main" className="button button-hero">
            BOOK AN EVENT
          </a>
        </div>
      </section>
    </main>
  );
}
