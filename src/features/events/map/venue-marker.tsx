import { useMemo, type ReactNode } from 'react';
import { Marker } from 'react-leaflet';
import type { ScreeningEvent } from '@/domain/event';
import { venuePinIcon } from './pin-icons';

/** A pin's accessible name: which event, and where. */
export function venueLabel(event: Pick<ScreeningEvent, 'event_name' | 'address_line_1' | 'city'>): string {
  return `${event.event_name}, ${event.address_line_1}, ${event.city}`;
}

/**
 * One event's pin. The icon is kept across renders: a new one would make
 * Leaflet replace the pin's element, taking keyboard focus away with it.
 */
export function VenueMarker({ event, children }: { event: ScreeningEvent; children?: ReactNode }) {
  const label = venueLabel(event);
  const icon = useMemo(() => venuePinIcon(label), [label]);
  return (
    <Marker position={[event.latitude ?? 0, event.longitude ?? 0]} icon={icon} title={label}>
      {children}
    </Marker>
  );
}
