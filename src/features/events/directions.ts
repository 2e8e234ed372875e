import { fullAddress, type ScreeningEvent } from '../../domain/event';

/**
 * A directions link that opens the phone's maps app. geo: URIs do nothing
 * on iOS; Google's universal maps URL opens the Google Maps app where it is
 * installed and the web map everywhere else, so one link serves everyone.
 */
export function directionsUrl(event: ScreeningEvent): string {
  const destination =
    typeof event.latitude === 'number' && typeof event.longitude === 'number'
      ? `${event.latitude},${event.longitude}`
      : fullAddress(event);
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
