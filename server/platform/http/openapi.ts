/**
 * The API's OpenAPI 3.1 document, read from the app's own routing table:
 * each route's declared body (validBody) and answer (responds, at its
 * declared statuses, or answers for a file or an empty answer), as JSON
 * Schema made by zod from the same schemas the server parses with
 * (docs/architecture.md#contract). Nothing is written twice, so the
 * document cannot say one thing while a route does another.
 */
import type { Hono } from 'hono';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import { declaredResponseOf, type SuccessStatus } from './contract';
import { bodySchemaOf } from './valid-body';

type JsonSchema = Record<string, unknown>;

const DESCRIPTION: Record<SuccessStatus, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** The document's own version: the date its shape last changed in a way a client must know of. */
export const API_DOCUMENT_VERSION = '2026-11-26';

interface Operation {
  parameters?: Array<{ name: string; in: 'path'; required: true; schema: { type: 'string' } }>;
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

// A refinement or transform has no JSON Schema: the document then says only what JSON Schema can.
const jsonSchema = (schema: unknown, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema as $ZodType, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Hono's `:id` and `:id{pattern}` as OpenAPI's `{id}`, with the names. */
function openApiPath(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const converted = path.replace(/:(\w+)(\{[^}]*\})?/g, (_all, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: converted, names };
}

export function openApiDocument(app: Hono, info: OpenApiDocument['info'], prefix = '/api/'): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of app.routes) {
    if (!route.path.startsWith(prefix) || route.method === 'ALL') continue;
    const body = bodySchemaOf(route.handler);
    const answer = declaredResponseOf(route.handler);
    if (!body && !answer) continue;
    const { path, names } = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const operation = ((paths[path] ??= {})[method] ??= {
      ...(names.length ? { parameters: names.map((name) => ({ name, in: 'path' as const, required: true as const, schema: { type: 'string' as const } })) } : {}),
      responses: {},
    });
    if (body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
      operation.responses['422'] ??= { description: 'The body does not fit: `{error, message, issues}`' };
    }
    if (answer?.schema) {
      const schema = jsonSchema(answer.schema, 'output');
      for (const status of answer.statuses) {
        operation.responses[String(status)] = { description: DESCRIPTION[status], content: { 'application/json': { schema } } };
      }
    } else if (answer) {
      const [status] = answer.statuses;
      operation.responses[String(status)] = {
        description: answer.description,
        ...(answer.mediaType ? { content: { [answer.mediaType]: { schema: { type: 'string' } } } } : {}),
      };
    }
  }
  return { openapi: '3.1.0', info, paths };
}
