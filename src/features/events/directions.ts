import { directionsUrl as placeDirections } from '../../domain/directions';
import { fullAddress, type ScreeningEvent } from '../../domain/event';

/** The event's directions link (the rule is src/domain/directions.ts, shared with the booking emails). */
export function directionsUrl(event: ScreeningEvent): string {
  return placeDirections({ latitude: event.latitude, longitude: event.longitude, address: fullAddress(event) });
}
