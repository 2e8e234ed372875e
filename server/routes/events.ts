/** The events API (SPEC.md section 7): listing, one event, its free slots. */
import { Hono } from 'hono';
import { eventNotFound } from '../http/errors';
import type { EventsService } from '../services/events-service';
import { parseEventListQuery } from './events-query';

export function eventsRoutes(events: EventsService): Hono {
  const app = new Hono();

  app.get('/', async (c) => {
    const filters = parseEventListQuery(c.req.queries());
    return c.json({ events: await events.list(filters) });
  });

  app.get('/:id', async (c) => {
    const event = await events.get(c.req.param('id'));
    if (!event) throw eventNotFound();
    return c.json({ event });
  });

  app.get('/:id/slots', async (c) => {
    const slots = await events.slots(c.req.param('id'));
    if (!slots) throw eventNotFound();
    return c.json(slots);
  });

  return app;
}
