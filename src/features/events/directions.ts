import { directionsUrlFor } from '../../domain/directions';
import { fullAddress, type ScreeningEvent } from '../../domain/event';

/** The event's directions link (the rule is in src/domain/directions.ts). */
export function directionsUrl(event: ScreeningEvent): string {
  return directionsUrlFor({ latitude: event.latitude, longitude: event.longitude, address: fullAddress(event) });
}
