/**
 * The listing's map: one marker per upcoming event with coordinates. It
 * helps people see what is near them; the list beside it stays the main
 * way to use the page (everything here is also in the list).
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router-dom';
import { formatLongDate, paths, type ScreeningEvent } from '../shared';
import { markerIcon } from './marker-icon';
import { SiteTileLayer } from './tile-layer';

export const LONDON: [number, number] = [51.5074, -0.1278];
export const DEFAULT_ZOOM = 8;
const FIT_MAX_ZOOM = 13;

function FitToMarkers({ events }: { events: readonly ScreeningEvent[] }) {
  const map = useMap();
  const key = events.map((e) => e.event_id).join(',');
  useEffect(() => {
    const points = events.map((e) => [e.latitude ?? 0, e.longitude ?? 0] as [number, number]);
    if (points.length === 0) map.setView(LONDON, DEFAULT_ZOOM);
    else map.fitBounds(latLngBounds(points), { padding: [32, 32], maxZoom: FIT_MAX_ZOOM });
    // Refit only when the set of events changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

export default function EventsMap({ events }: { events: readonly ScreeningEvent[] }) {
  return (
    <MapContainer center={LONDON} zoom={DEFAULT_ZOOM} scrollWheelZoom={false} className="map">
      <SiteTileLayer />
      <FitToMarkers events={events} />
      {events.map((event) => (
        <Marker
          key={event.event_id}
          position={[event.latitude ?? 0, event.longitude ?? 0]}
          icon={markerIcon}
          title={event.event_name}
          alt={`${event.event_name}, ${event.city}`}
        >
          <Popup>
            <p className="map-popup-name">{event.event_name}</p>
            <p className="map-popup-date">{formatLongDate(event.event_date)}</p>
            <Link to={paths.event(event.event_id)} state={{ event }}>
              View event
            </Link>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
