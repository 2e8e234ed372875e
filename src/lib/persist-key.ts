/**
 * The IndexedDB key of the saved query cache. On its own so modules that
 * only read or remove the saved copy (device-storage.ts) need not import
 * the query client, which splits the first-load bundle into extra chunks.
 */
export const PERSIST_KEY = 'chaps-query-cache';
