/**
 * Each route's contract, declared once, beside the route (docs/architecture.md#contract):
 * `validBody(schema)` says what it takes, `responds(schema)` what it
 * answers with status 200 (or the status it names: `responds(schema,
 * { status: 201 })` for a route that creates, `[201, 200]` for one that
 * creates or finds again), both schemas from src/domain so the page's code
 * takes its types from the same declaration. From these the API serves its
 * OpenAPI document (openapi.ts), and outside production every declared
 * answer is checked against its schema as it leaves (checkResponses), so an
 * answer that drifts from its declaration fails the tests that call it.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { check, type z } from '../../../src/domain/schema-kit';
import { routeTag } from './route-tags';

/** The successful statuses a route may declare. */
export type SuccessStatus = 200 | 201 | 202;

/** A route's declared answer: what it sends when it succeeds, and with which statuses. */
export type DeclaredResponse = JsonAnswer | OtherAnswer;

/** JSON described by a schema, which is checked as it leaves. */
export interface JsonAnswer {
  schema: z.ZodMiniType;
  /** [200] unless the route says otherwise ([201] for one that creates; [201, 200] for one that creates or finds again). */
  statuses: readonly SuccessStatus[];
}

/** Something that is not described by a schema: a file of a media type, or no body at all. */
export interface OtherAnswer {
  schema?: undefined;
  /** The answer's media type, or null for an answer with no body. */
  mediaType: string | null;
  description: string;
  statuses: readonly SuccessStatus[];
}

// Each middleware responds() made, with its declaration: how the document and the check find a route's answer.
const declared = routeTag<DeclaredResponse>();

/**
 * Middleware that declares the JSON a route answers when it succeeds, with
 * status 200 unless `status` names another (201 for a route that creates)
 * or several (`[201, 200]` for one that creates, or answers what it made
 * before); it does nothing to the request.
 */
export function responds<T extends z.ZodMiniType>(
  schema: T,
  { status = 200 }: { status?: SuccessStatus | readonly [SuccessStatus, ...SuccessStatus[]] } = {},
): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (_c, next) => next();
  return declared.set(middleware, { schema, statuses: typeof status === 'number' ? [status] : status });
}

/**
 * Middleware that declares an answer no schema describes: a file of
 * `mediaType` (a calendar, a CSV, the OpenAPI document), or, with null, a
 * status with no body. The document lists it; nothing is checked.
 */
export function answers(mediaType: string | null, description: string, { status = 200 }: { status?: SuccessStatus } = {}): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (_c, next) => next();
  return declared.set(middleware, { mediaType, description, statuses: [status] });
}

/** The answer `handler` declares, when it is responds()' or answers()' middleware (as registered, or as Hono wraps it in a mounted sub-app). */
export const declaredResponseOf = declared.of;

/** A route answered a body its declaration does not describe: a defect, answered 500 and logged like any other. */
export class ResponseDrift extends Error {
  override name = 'ResponseDrift';
}

/**
 * Middleware (outside production): after the route has answered, a
 * successful (2xx) JSON answer of a route that declares its response is
 * parsed with the declaration; one that does not fit, or that comes with
 * another status than the one declared, becomes a ResponseDrift error.
 * Errors keep the site's error shape and are not checked.
 */
export function checkResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 200 || status > 299 || !c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const declaration = matchedRoutes(c)
      .map((route) => declaredResponseOf(route.handler))
      .find((found) => found !== undefined);
    if (!declaration?.schema) return;
    if (!(declaration.statuses as readonly number[]).includes(status)) {
      throw new ResponseDrift(`${c.req.method} ${c.req.path} answered ${status} where it declares ${declaration.statuses.join(' or ')}`);
    }
    const checked = check(declaration.schema, await c.res.clone().json());
    if (!checked.ok) {
      const issues = checked.issues.map((issue) => `${issue.path || '(the body)'}: ${issue.message}`).join('; ');
      throw new ResponseDrift(`${c.req.method} ${c.req.path} answered what its declared response does not describe: ${issues}`);
    }
  };
}
