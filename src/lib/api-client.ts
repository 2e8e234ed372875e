/**
 * The product API over fetch: cookies included, undefined query values
 * dropped, one error shape. A 401 becomes Error('Unauthorized'); any other
 * failed status an ApiError carrying the server's message; no response at
 * all a NetworkError, so screens can tell "not found" from "no signal".
 */
import { env } from './env';

/** One field's (or one CSV line's) problem, as the server's 422 lists it. */
export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[];

  constructor(message: string, status: number, code?: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The issues of a refusal body, keeping only well-formed ones. */
export function issuesOf(payload: unknown): ApiIssue[] {
  const list = (payload as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (i): i is ApiIssue => typeof (i as ApiIssue)?.path === 'string' && typeof (i as ApiIssue)?.message === 'string',
  );
}

export class NetworkError extends Error {
  /** Brand: keeps TypeScript from treating every Error as a NetworkError. */
  readonly offline = true;

  constructor(cause?: unknown) {
    super('Could not reach the server. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

export const UNAUTHORIZED = 'Unauthorized';

/**
 * How long a write waits for an answer before it is given up as a dropped
 * connection (a NetworkError): on lie-fi a request can otherwise hang for
 * minutes with the form stuck on 'Sending…'.
 */
export const WRITE_TIMEOUT_MS = 20_000;
export const writeDeadline = (): AbortSignal => AbortSignal.timeout(WRITE_TIMEOUT_MS);

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export function apiUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${env.apiBase}${path}${query ? `?${query}` : ''}`;
}

async function errorFrom(response: Response): Promise<Error> {
  if (response.status === 401) return new Error(UNAUTHORIZED);
  let message = `Request failed (${response.status})`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
    if (typeof body.error === 'string') code = body.error;
  } catch {
    // Not JSON (a proxy's error page, say): keep the status line.
  }
  return new ApiError(message, response.status, code);
}

export async function apiGet<T>(
  path: string,
  params?: QueryParams,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', ...init.headers },
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw await errorFrom(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError('Unexpected response format', response.status, 'bad_response');
  }
}

/** A public (no sign-in) JSON POST: the access-code check and the /test-consent form. */
export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: writeDeadline(),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await errorFrom(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError('Unexpected response format', response.status, 'bad_response');
  }
}

/** The error code (`error`) a refusal carried, if any. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
