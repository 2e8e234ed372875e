/**
 * The one validator hook for JSON bodies: reads the body as readJsonObject
 * does (size limit, nesting depth, the text rule at every depth, one JSON
 * object), parses it with the shape's schema from src/domain (the same
 * schema its form checks with), and answers a body that does not fit with
 * the site's 422 shape, `{error, message, issues}`. The handler reads the
 * parsed value with `c.req.valid('json')`, as with Hono's own validator.
 *
 * Hono's `validator('json', ...)` is not used underneath: it reads no body
 * at all unless Content-Type says JSON, which would skip the depth and
 * text checks for a client that leaves the header out.
 */
import type { Env, MiddlewareHandler } from 'hono';
import { check, type SchemaIssue, type z } from '../../../src/domain/schema-kit';
import { ApiError, fieldIssue } from './errors';
import { readJsonObject } from './json-body';
import { routeTag } from './route-tags';

type Body = Record<string, unknown>;

export interface BodyAnswers {
  /** Runs before the schema, on the raw body (a honeypot answers 403 however the rest is filled in). */
  first?: (body: Body) => void;
  /** The 422 for these issues; by default `validation_failed`, the first issue's message, each issue named as path and field. */
  invalid?: (issues: SchemaIssue[], body: Body) => ApiError;
}

export const invalidBody = (issues: SchemaIssue[]): ApiError =>
  new ApiError(422, 'validation_failed', issues[0]?.message ?? 'Please check the form.', issues.map((i) => fieldIssue(i.path, i.message)));

/** The parsed value of `input`, or the 422 `invalid` makes of its issues. */
export function parseOr422<T extends z.ZodMiniType>(schema: T, input: Body, invalid: BodyAnswers['invalid'] = invalidBody): z.output<T> {
  const checked = check(schema, input);
  if (!checked.ok) throw invalid(checked.issues, input);
  return checked.value;
}

// Each middleware validBody made, with its schema: lets a test and the API's document find every route that checks a body.
const bodySchemas = routeTag<z.ZodMiniType>();

/**
 * The body schema `handler` checks with, when it is validBody's middleware
 * (as registered, or as Hono wraps it when a sub-app is mounted).
 */
export const bodySchemaOf = bodySchemas.of;

/** Middleware: the body, checked by `schema`, for `c.req.valid('json')`. */
export function validBody<T extends z.ZodMiniType, E extends Env = Env, P extends string = string>(
  schema: T,
  answers: BodyAnswers = {},
): MiddlewareHandler<E, P, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  const middleware: MiddlewareHandler<E, P, { in: { json: z.input<T> }; out: { json: z.output<T> } }> = async (c, next) => {
    const body = await readJsonObject(c);
    answers.first?.(body);
    c.req.addValidatedData('json', parseOr422(schema, body, answers.invalid) as object);
    await next();
  };
  return bodySchemas.set(middleware, schema);
}
