/**
 * A value made on its first use and kept after.
 *
 * For Intl formatters above all: the first one a page makes loads the
 * locale's and the time zone's data, some 60 ms of a slow phone's main thread
 * (ADR 0023). Made when a module loads, that was paid by every first visit,
 * even by a page that is only read and never formats a date in the browser.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
