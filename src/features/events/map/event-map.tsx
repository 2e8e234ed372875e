/** One event's venue at street level (zoom 13). */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { MapContainer, Marker } from 'react-leaflet';
import type { ScreeningEvent } from '../../../domain/event';
import { interactionOptions } from './map-options';
import { markerIcon } from './marker-icon';
import { SiteTileLayer } from './tile-layer';

export const EVENT_ZOOM = 13;

export default function EventMap({ event }: { event: ScreeningEvent }) {
  const position: [number, number] = [event.latitude ?? 0, event.longitude ?? 0];
  return (
    <MapContainer center={position} zoom={EVENT_ZOOM} {...interactionOptions()} className="map">
      <SiteTileLayer />
      <Marker position={position} icon={markerIcon} title={event.event_name} alt={`${event.event_name}, ${event.city}`} />
    </MapContainer>
  );
}
