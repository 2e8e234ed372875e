/**
 * Every error leaves the server in one JSON shape:
 * `{ error, message, issues? }`. Handlers throw ApiError; app.onError turns
 * it (and anything unexpected) into that shape without leaking a stack.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { clientWentAway, CLIENT_WENT_AWAY } from './unread-body';

export interface FieldIssue {
  path: string;
  /** The same name as `path`, for clients that read `field` (the consent form's rules name it so). */
  field?: string;
  message: string;
}

export interface ErrorBody {
  error: string;
  message: string;
  issues?: FieldIssue[];
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ErrorBody {
    return { error: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

/** One field's problem, named both ways (see FieldIssue). */
export const fieldIssue = (field: string, message: string): FieldIssue => ({ path: field, field, message });

export const eventNotFound = () => new ApiError(404, 'not_found', 'Event not found');

export function errorJson(c: Context, status: ContentfulStatusCode, body: ErrorBody): Response {
  return c.json(body, status);
}

const SERVER_FAULT: ErrorBody = {
  error: 'internal_error',
  message: 'Something went wrong on our side. Please try again in a moment.',
};

/** app.onError: known errors keep their status; a client that left mid-body is noted; anything else is a logged 500. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiError) return errorJson(c, error.status, error.body);
    if (error instanceof HTTPException && error.status < 500) {
      return errorJson(c, error.status, { error: 'bad_request', message: error.message || 'Bad request' });
    }
    if (clientWentAway(c, error)) {
      logger.info(`${c.req.method} ${c.req.path}: ${CLIENT_WENT_AWAY}`);
      return errorJson(c, 400, { error: 'client_closed', message: 'The request ended before its body was complete.' });
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return errorJson(c, 500, SERVER_FAULT);
  };
}
