/** The events module's mount: the listing and event pages' API, access codes, and the grants other modules check a private event's booking against. */
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import { createAccessCodeService } from './access-code-service';
import { createAccessGrants, type AccessGrants } from './access-grants';
import { eventsRoutes } from './events-routes';
import { createEventsService, type EventsService } from './events-service';

export interface EventsModule {
  events: EventsService;
  grants: AccessGrants;
}

/** `listCacheMs`: reuse of a listing answer by time (EventsServiceOptions); 0 leaves it to the ready answers. */
export function mountEvents({ app, db, env, now, signer }: AppContext<Pick<Env, 'trustProxy'>>, listCacheMs: number): EventsModule {
  const grants = createAccessGrants(signer, now);
  const events = createEventsService(db, now, { listCacheMs });
  app.route('/api/events', eventsRoutes(events, createAccessCodeService(db, grants, now), grants, env.trustProxy));
  return { events, grants };
}
