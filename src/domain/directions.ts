/**
 * A directions link that opens the phone's maps app. geo: URIs do nothing
 * on iOS; Google's universal maps URL opens the Google Maps app where it is
 * installed and the web map everywhere else, so one link serves everyone.
 * Shared by the event page and My bookings.
 */
export interface Place {
  latitude: number | null;
  longitude: number | null;
  /** The full address, used when there are no coordinates. */
  address: string;
}

export function directionsUrlFor(place: Place): string {
  const destination =
    typeof place.latitude === 'number' && typeof place.longitude === 'number'
      ? `${place.latitude},${place.longitude}`
      : place.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
