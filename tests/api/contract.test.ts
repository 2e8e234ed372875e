/**
 * Each route's contract is declared once, beside it (server/platform/http/contract.ts):
 * the API's OpenAPI document is read from the routes themselves, an answer
 * that drifts from its declaration is a 500 outside production, and every
 * /api route either declares its JSON answer, answers something that is
 * not JSON, or is on the list still to be declared, which may only shrink.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from '../../src/domain/schema-kit';
import { checkResponses, responds, responseSchemaOf } from '../../server/platform/http/contract';
import { bodySchemaOf } from '../../server/platform/http/valid-body';
import { testApp } from '../fixtures/app';

/** Routes whose answer is not JSON: a calendar file, a CSV, the document itself, or nothing to read. */
const NOT_JSON = new Set([
  'GET /api/appointments/:id/calendar.ics',
  'GET /api/openapi.json',
  'GET /api/staff/statistics/export.csv',
  'POST /api/logs/error',
  'POST /api/payments/webhooks',
]);

/** Routes that answer JSON and do not declare it yet: each one declared comes off this list. */
const NOT_YET_DECLARED = new Set([
  'GET /api/me/export',
  'GET /api/medical/test-consent',
  'DELETE /api/waiting-list/events/:id',
  'GET /api/appointments',
  'GET /api/appointments/:id',
  'GET /api/appointments/:id/cancellation',
  'GET /api/appointments/:id/change-slots',
  'GET /api/auth/profile',
  'GET /api/email-choices',
  'GET /api/events',
  'GET /api/events/:id',
  'GET /api/events/:id/slots',
  'GET /api/health',
  'GET /api/medical/results/:profileId',
  'GET /api/payments/checkout',
  'GET /api/staff/events',
  'GET /api/staff/events/:eventId/attendees',
  'GET /api/staff/events/:id',
  'GET /api/staff/events/:id/waiting-list',
  'GET /api/staff/statistics',
  'GET /api/statistics/published',
  'GET /api/waiting-list/events',
  'GET /api/waiting-list/events/:id',
  'GET /api/waiting-list/offer',
  'PATCH /api/auth/profile',
  'POST /api/appointments',
  'POST /api/appointments/:id/cancel',
  'POST /api/appointments/:id/change',
  'POST /api/auth/profile',
  'POST /api/contact',
  'POST /api/events/:id/check-access-code',
  'POST /api/me/delete',
  'POST /api/medical/consent',
  'POST /api/medical/test-consent',
  'POST /api/payments/orders',
  'POST /api/payments/orders/:id/capture',
  'POST /api/staff/events',
  'POST /api/staff/events/:eventId/check-ins',
  'POST /api/staff/events/:eventId/results.csv',
  'POST /api/staff/events/:id/access-code',
  'POST /api/staff/events/:id/cancel',
  'POST /api/staff/members',
  'POST /api/staff/statistics/publish',
  'POST /api/subscriptions',
  'POST /api/waiting-list/events/:id',
  'PUT /api/auth/profile',
  'PUT /api/email-choices',
  'PUT /api/payments/transactions',
  'PUT /api/staff/events/:eventId/attendees/:appointmentId/follow-up',
  'PUT /api/staff/events/:eventId/attendees/:appointmentId/recall',
  'PUT /api/staff/events/:eventId/attendees/:appointmentId/result',
  'PUT /api/staff/events/:id',
]);

const apiRoutes = (app: Hono) => {
  const routes = new Map<string, { declared: boolean; body: boolean }>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const seen = routes.get(key) ?? { declared: false, body: false };
    routes.set(key, {
      declared: seen.declared || responseSchemaOf(route.handler) !== undefined,
      body: seen.body || bodySchemaOf(route.handler) !== undefined,
    });
  }
  return routes;
};

describe('the contract of each route', () => {
  const app = testApp();
  const routes = apiRoutes(app);

  it('is declared for every /api route that answers JSON, but for those not yet declared, which are no more than listed', () => {
    for (const [route, { declared }] of routes) {
      if (NOT_JSON.has(route)) expect(declared, `${route} answers no JSON and declares an answer`).toBe(false);
      else if (NOT_YET_DECLARED.has(route)) expect(declared, `${route} now declares its answer: take it off NOT_YET_DECLARED`).toBe(false);
      else expect(declared, `${route} answers JSON: declare it with responds(schema)`).toBe(true);
    }
    for (const listed of [...NOT_JSON, ...NOT_YET_DECLARED]) expect(routes.has(listed), `${listed} is no longer a route`).toBe(true);
  });

  it('is served as an OpenAPI 3.1 document naming each declared body and answer at its path', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const [route, { declared, body }] of routes) {
      if (!declared && !body) continue;
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      if (declared) expect(operation!.responses['200'], route).toMatchObject({ content: { 'application/json': { schema: expect.any(Object) } } });
      if (body) expect(operation!.requestBody, route).toMatchObject({ content: { 'application/json': { schema: expect.any(Object) } } });
    }
    expect(doc.paths['/api/payments/config']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { clientId: { type: 'string' } }, required: ['clientId'] } } },
    });
  });

  it('holds an answer to its declaration outside production: one that drifts is a 500, not a shape the page cannot read', async () => {
    const drifting = new Hono();
    drifting.use('*', checkResponses());
    const answer = z.strictObject({ count: z.number() });
    drifting.get('/right', responds(answer), (c) => c.json({ count: 2 }));
    drifting.get('/drifted', responds(answer), (c) => c.json({ count: '2' }));
    drifting.get('/extra', responds(answer), (c) => c.json({ count: 2, email: 'a@example.org' }));
    drifting.get('/refused', responds(answer), (c) => c.json({ error: 'not_found' }, 404));
    expect((await drifting.request('/right')).status).toBe(200);
    expect((await drifting.request('/drifted')).status).toBe(500);
    expect((await drifting.request('/extra')).status).toBe(500);
    // Only 200 answers are declared; an error keeps the site's error shape.
    expect((await drifting.request('/refused')).status).toBe(404);
  });
});
