/**
 * /dev/clock: the server's clock, moved forward on request, so a browser
 * journey can let a 15-minute card hold lapse without waiting 15 minutes.
 * Every rule reads the one `now` this gives (main.ts), so time passes for
 * all of them at once; after a move the payment sweep runs, as its
 * once-a-minute timer would have while that time went by. Outside
 * production only (server/stand-ins/allowed.ts): production's clock is the
 * machine's.
 *
 * It may start ahead of the machine's (DEV_CLOCK_OFFSET_MINUTES): the
 * browser journeys run their server, their own clock and the browser's at
 * the same time of day whenever they are run, so an event "later today"
 * always has its appointment times ahead.
 *
 *   GET    /dev/clock          {now, offsetMinutes}
 *   POST   /dev/clock/advance  {minutes} (1 to 1440) -> {now, offsetMinutes}
 *   DELETE /dev/clock          back to where it started
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../platform/http/errors';

const MINUTE_MS = 60_000;
const Advance = z.object({ minutes: z.number().int().min(1).max(1440) });

export interface DevClock {
  now: () => Date;
  /** The routes; `afterAdvance` runs once time has moved (the payment sweep). */
  routes: (afterAdvance: () => Promise<unknown>) => Hono;
}

export function createDevClock(startOffsetMinutes = 0): DevClock {
  const startOffsetMs = startOffsetMinutes * MINUTE_MS;
  let offsetMs = startOffsetMs;
  const now = () => new Date(Date.now() + offsetMs);
  const state = () => ({ now: now().toISOString(), offsetMinutes: offsetMs / MINUTE_MS });
  return {
    now,
    routes: (afterAdvance) => {
      const app = new Hono();
      app.get('/', (c) => c.json(state()));
      app.post('/advance', async (c) => {
        const parsed = Advance.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success) throw new ApiError(400, 'invalid_request', 'Send {"minutes": n} with n from 1 to 1440');
        offsetMs += parsed.data.minutes * MINUTE_MS;
        await afterAdvance();
        return c.json(state());
      });
      app.delete('/', (c) => {
        offsetMs = startOffsetMs;
        return c.json(state());
      });
      return app;
    },
  };
}
