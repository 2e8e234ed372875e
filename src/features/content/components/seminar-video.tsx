/**
 * The seminar talk video on /events/seminar-talks: a native player with its
 * poster and caption, shown only when a video is configured
 * (VITE_SEMINAR_VIDEO_URL). It streams from the network, so while the
 * browser is offline the page says so instead of showing a player that
 * cannot play.
 */
import { seminarVideo } from '@/content/pages/events';
import { env } from '@/lib/env';
import { useBrowserOnline } from '@/lib/online';

export function SeminarVideo({ src = env.seminarVideoUrl }: { src?: string }) {
  const online = useBrowserOnline();
  if (!src) return null;
  const { poster } = seminarVideo;
  return (
    // Drawn from the connection's state, so hydrated once in view (ADR 0023).
    <section aria-labelledby="seminar-video-title" className="copy-section seminar-video" data-hydrate-on-view="">
      <h2 id="seminar-video-title">{seminarVideo.heading}</h2>
      {online ? (
        <figure>
          <video
            src={src}
            controls
            preload="none"
            poster={poster.src}
            width={poster.width}
            height={poster.height}
            aria-describedby="seminar-video-caption"
          >
            <p>
              {seminarVideo.noSupport} <a href={src}>{seminarVideo.download}</a>
            </p>
          </video>
          <figcaption id="seminar-video-caption">{seminarVideo.caption}</figcaption>
        </figure>
      ) : (
        <p className="notice" role="status">
          {seminarVideo.offline}
        </p>
      )}
    </section>
  );
}
