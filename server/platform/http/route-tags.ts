/**
 * A fact attached to the middleware a route registers (its body schema,
 * its declared answer) and found again from the app's routing table, where
 * Hono wraps a mounted sub-app's handlers (`__COMPOSED_HANDLER`). How the
 * OpenAPI document and the tests read each route's contract.
 */
export interface RouteTag<T> {
  /** Attaches `value` to `handler`; returns the handler. */
  set<H extends object>(handler: H, value: T): H;
  /** The value attached to `handler`, as registered or as Hono wraps it. */
  of(handler: unknown): T | undefined;
}

export function routeTag<T>(): RouteTag<T> {
  const tags = new WeakMap<object, T>();
  const of = (handler: unknown): T | undefined => {
    if (typeof handler !== 'function') return undefined;
    const composed = (handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER;
    return tags.get(handler) ?? (composed === undefined ? undefined : of(composed));
  };
  return {
    set(handler, value) {
      tags.set(handler, value);
      return handler;
    },
    of,
  };
}
