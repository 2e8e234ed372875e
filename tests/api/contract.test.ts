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
import { checkResponses, declaredResponseOf, responds } from '../../server/platform/http/contract';
import { openApiDocument } from '../../server/platform/http/openapi';
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


const apiRoutes = (app: Hono) => {
  const routes = new Map<string, { declared: boolean; statuses: readonly number[]; body: boolean }>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const seen = routes.get(key) ?? { declared: false, statuses: [], body: false };
    const answer = declaredResponseOf(route.handler);
    routes.set(key, {
      declared: seen.declared || answer !== undefined,
      statuses: answer?.statuses ?? seen.statuses,
      body: seen.body || bodySchemaOf(route.handler) !== undefined,
    });
  }
  return routes;
};

describe('the contract of each route', () => {
  const app = testApp();
  const routes = apiRoutes(app);

  it('is declared for every /api route that answers JSON', () => {
    for (const [route, { declared }] of routes) {
      if (NOT_JSON.has(route)) expect(declared, `${route} answers no JSON and declares an answer`).toBe(false);
      else expect(declared, `${route} answers JSON: declare it with responds(schema)`).toBe(true);
    }
    for (const listed of NOT_JSON) expect(routes.has(listed), `${listed} is no longer a route`).toBe(true);
  });

  it('is served as an OpenAPI 3.1 document naming each declared body and answer at its path and status', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const [route, { declared, statuses, body }] of routes) {
      if (!declared && !body) continue;
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      for (const status of statuses) {
        expect(operation!.responses[String(status)], `${route} ${status}`).toMatchObject({ content: { 'application/json': { schema: expect.any(Object) } } });
      }
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
    // Only successful answers are declared; an error keeps the site's error shape.
    expect((await drifting.request('/refused')).status).toBe(404);
  });

  it('declares and holds another status when the route names one: a 201 is checked like a 200, and the other status is drift', async () => {
    const creating = new Hono();
    creating.use('*', checkResponses());
    const answer = z.strictObject({ id: z.string() });
    creating.post('/made', responds(answer, { status: 201 }), (c) => c.json({ id: 'a' }, 201));
    creating.post('/made-wrong', responds(answer, { status: 201 }), (c) => c.json({ id: 1 }, 201));
    creating.post('/made-as-200', responds(answer, { status: 201 }), (c) => c.json({ id: 'a' }));
    creating.post('/ok-as-201', responds(answer), (c) => c.json({ id: 'a' }, 201));
    creating.post('/made-or-found/:fresh', responds(answer, { status: [201, 200] }), (c) => c.json({ id: 'a' }, c.req.param('fresh') === 'yes' ? 201 : 200));
    creating.post('/made-or-accepted', responds(answer, { status: [201, 200] }), (c) => c.json({ id: 'a' }, 202));
    expect((await creating.request('/made', { method: 'POST' })).status).toBe(201);
    expect((await creating.request('/made-wrong', { method: 'POST' })).status).toBe(500);
    expect((await creating.request('/made-as-200', { method: 'POST' })).status).toBe(500);
    expect((await creating.request('/ok-as-201', { method: 'POST' })).status).toBe(500);
    expect((await creating.request('/made-or-found/yes', { method: 'POST' })).status).toBe(201);
    expect((await creating.request('/made-or-found/no', { method: 'POST' })).status).toBe(200);
    expect((await creating.request('/made-or-accepted', { method: 'POST' })).status).toBe(500);
    expect(openApiDocument(creating, { title: 't', version: '1' }, '/').paths['/made']?.post?.responses).toMatchObject({
      '201': { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } } },
    });
    expect(Object.keys(openApiDocument(creating, { title: 't', version: '1' }, '/').paths['/made-or-found/{fresh}']?.post?.responses ?? {}).sort()).toEqual(['200', '201']);
  });
});
