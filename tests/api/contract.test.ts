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
import { Validator } from '@seriousme/openapi-schema-validator';
import { checkResponses, declaredResponseOf, responds, type DeclaredResponse } from '../../server/platform/http/contract';
import { openApiDocument } from '../../server/platform/http/openapi';
import { bodySchemaOf } from '../../server/platform/http/valid-body';
import { testApp } from '../fixtures/app';

/** Routes whose answer is not JSON described by a schema: a calendar file, a CSV, the document itself, or nothing to read. */
const NOT_JSON = new Set([
  'GET /api/appointments/:id/calendar.ics',
  'GET /api/openapi.json',
  'GET /api/staff/statistics/export.csv',
  'GET /api/staff/events/:eventId/manifest.csv',
  'POST /api/logs/error',
]);

interface RouteContract {
  declared: DeclaredResponse | undefined;
  body: boolean;
}

const apiRoutes = (app: Hono) => {
  const routes = new Map<string, RouteContract>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const seen = routes.get(key) ?? { declared: undefined, body: false };
    routes.set(key, {
      declared: seen.declared ?? declaredResponseOf(route.handler),
      body: seen.body || bodySchemaOf(route.handler) !== undefined,
    });
  }
  return routes;
};

describe('the contract of each route', () => {
  const app = testApp();
  const routes = apiRoutes(app);

  it('is declared for every /api route: JSON with responds(schema), anything else with answers(mediaType)', () => {
    expect(routes.size).toBeGreaterThan(60);
    for (const [route, { declared }] of routes) {
      expect(declared, `${route} declares no answer: declare it with responds(schema), or answers() when it is not JSON`).toBeDefined();
      if (NOT_JSON.has(route)) expect(declared!.schema, `${route} answers no JSON and declares a schema`).toBeUndefined();
      else expect(declared!.schema, `${route} answers JSON: declare it with responds(schema)`).toBeDefined();
    }
    for (const listed of NOT_JSON) expect(routes.has(listed), `${listed} is no longer a route`).toBe(true);
  });

  it('is served as an OpenAPI 3.1 document that a maintained validator accepts and that lists every route with its body and answers', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const verdict = await validator.validate(structuredClone(doc));
    expect(verdict.errors ?? [], 'the OpenAPI 3.1 schema refuses the document').toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const listed = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const expected = [...routes.keys()].map((route) => route.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}'));
    expect(listed.sort()).toEqual(expected.sort());

    for (const [route, { declared, body }] of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')]![method.toLowerCase()]!;
      for (const status of declared!.statuses) {
        const answer = operation.responses[String(status)];
        expect(answer, `${route} ${status}`).toBeDefined();
        if (declared!.schema) expect(answer, `${route} ${status}`).toMatchObject({ content: { 'application/json': { schema: expect.any(Object) } } });
        else if (declared!.mediaType) expect(Object.keys(answer!.content ?? {}), `${route} ${status}`).toEqual([declared!.mediaType]);
        else expect(answer!.content, `${route} ${status} has no body`).toBeUndefined();
      }
      if (body) expect(operation.requestBody, route).toMatchObject({ content: { 'application/json': { schema: expect.any(Object) } } });
    }
    expect(doc.paths['/api/payments/config']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { clientId: { type: 'string' } }, required: ['clientId'] } } },
    });
  });

  it('is refused by the validator when it breaks OpenAPI 3.1, so the check above can fail', async () => {
    const res = await app.request('/api/openapi.json');
    const broken = (await res.json()) as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths['/api/payments/config']!.get!.responses = { twohundred: { description: 'not a status' } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
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
