/** The site module's mounts: /api/health first of all, /api/logs, and the built site last, behind every other route. */
import type { ScreeningEvent } from '../../../src/domain/event';
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import type { MemberVerifier } from '../auth';
import { healthRoutes } from './health-routes';
import { logsRoutes } from './logs-routes';
import { renderedPages } from './rendered-pages';
import { staticRoutes } from './static-routes';

export function mountHealth({ app, db, logger }: AppContext): void {
  app.route('/api/health', healthRoutes(db, logger));
}

export function mountLogs({ app, db, now, logger }: AppContext, verify: MemberVerifier): void {
  app.route('/api/logs', logsRoutes(db, verify, now, logger));
}

/** The built site and the event pages rendered per request; mounted after every other route, since it answers any path. */
export function mountSite({ app, env, logger }: AppContext<Pick<Env, 'staticDir'>>, getEvent: (id: string) => Promise<ScreeningEvent | null>): void {
  app.route('/', staticRoutes(env.staticDir, renderedPages(env.staticDir, getEvent, logger)));
}
