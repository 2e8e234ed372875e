/** /: hero, screening events, ABOUT CHAPS, upcoming events and testimonials (docs/rules.md#home). */
import { HomeHero, usePageMeta } from '../../features/content';
import { AboutChapsBlock, ScreeningEventsBlock, Testimonials } from '../../features/content/home-sections';
import { UpcomingEvents } from '../../features/events';

const DESCRIPTION =
  'CHAPS campaigns for accessible PSA screening for men aged 40 to 80. Find a prostate cancer blood test (PSA) screening event near you and book a place.';

export default function HomePage() {
  usePageMeta(null, DESCRIPTION);
  return (
    <div className="page home-page">
      <HomeHero />
      <ScreeningEventsBlock />
      <AboutChapsBlock />
      <UpcomingEvents />
      <Testimonials />
    </div>
  );
}
