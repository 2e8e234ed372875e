/** Query keys for events data; 'events' first so only these are saved offline. */
export type EventsQueryRecord = Record<string, string>;

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: EventsQueryRecord) => [...eventKeys.lists(), query] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (id: string) => [...eventKeys.details(), id] as const,
};
