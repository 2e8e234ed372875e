import type { ScreeningEvent } from '@/domain/event';
import { EventCard } from './event-card';

interface Props {
  events: readonly ScreeningEvent[];
  now: Date;
  label: string;
  headingLevel?: 'h2' | 'h3';
}

export function EventList({ events, now, label, headingLevel }: Props) {
  return (
    <ul className="event-list" aria-label={label}>
      {events.map((event) => (
        <EventCard key={event.event_id} event={event} now={now} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
