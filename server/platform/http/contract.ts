/**
 * Each route's contract, declared once, beside the route (docs/architecture.md#contract):
 * `validBody(schema)` says what it takes, `responds(schema)` what it
 * answers with status 200, both schemas from src/domain so the page's code
 * takes its types from the same declaration. From these the API serves its
 * OpenAPI document (openapi.ts), and outside production every declared
 * answer is checked against its schema as it leaves (checkResponses), so an
 * answer that drifts from its declaration fails the tests that call it.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { check, type z } from '../../../src/domain/schema-kit';

// Each middleware responds() made, with its schema: how the document and the check find a route's declaration.
const declared = new WeakMap<object, z.ZodMiniType>();

/** Middleware that declares the JSON a route answers with status 200; it does nothing to the request. */
export function responds<T extends z.ZodMiniType>(schema: T): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (_c, next) => next();
  declared.set(middleware, schema);
  return middleware;
}

/** The response schema `handler` declares, when it is responds()' middleware (as registered, or as Hono wraps it in a mounted sub-app). */
export function responseSchemaOf(handler: unknown): z.ZodMiniType | undefined {
  if (typeof handler !== 'function') return undefined;
  const composed = (handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER;
  return declared.get(handler) ?? (composed === undefined ? undefined : responseSchemaOf(composed));
}

/** A route answered a body its declaration does not describe: a defect, answered 500 and logged like any other. */
export class ResponseDrift extends Error {
  override name = 'ResponseDrift';
}

/**
 * Middleware (outside production): after the route has answered, a 200
 * JSON answer of a route that declares its response is parsed with the
 * declaration; one that does not fit becomes a ResponseDrift error.
 */
export function checkResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 || !c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const schema = matchedRoutes(c)
      .map((route) => responseSchemaOf(route.handler))
      .find((found) => found !== undefined);
    if (!schema) return;
    const checked = check(schema, await c.res.clone().json());
    if (!checked.ok) {
      const issues = checked.issues.map((issue) => `${issue.path || '(the body)'}: ${issue.message}`).join('; ');
      throw new ResponseDrift(`${c.req.method} ${c.req.path} answered what its declared response does not describe: ${issues}`);
    }
  };
}
