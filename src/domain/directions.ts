/**
 * A directions link that opens the phone's maps app. geo: URIs do nothing
 * on iOS; Google's universal maps URL opens the Google Maps app where it is
 * installed and the web map everywhere else, so one link serves everyone.
 * Takes an Appointment as it is (address, latitude, longitude), or an
 * event's coordinates and full address.
 */
export interface Place {
  latitude: number | null;
  longitude: number | null;
  /** The full address, parts joined with commas. */
  address: string;
}

export function directionsUrl(place: Place): string {
  const destination =
    typeof place.latitude === 'number' && typeof place.longitude === 'number'
      ? `${place.latitude},${place.longitude}`
      : place.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
