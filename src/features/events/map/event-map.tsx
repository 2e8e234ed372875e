/** One event's venue at street level (zoom 13); its pin opens the address. */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { MapContainer, Popup } from 'react-leaflet';
import { fullAddress, type ScreeningEvent } from '@/domain/event';
import { interactionOptions } from './map-options';
import { SpaceActivatesPins } from './space-activates';
import { SiteTileLayer } from './tile-layer';
import { VenueMarker } from './venue-marker';

export const EVENT_ZOOM = 13;

export default function EventMap({ event }: { event: ScreeningEvent }) {
  const position: [number, number] = [event.latitude ?? 0, event.longitude ?? 0];
  return (
    <MapContainer center={position} zoom={EVENT_ZOOM} {...interactionOptions()} className="map">
      <SiteTileLayer />
      <SpaceActivatesPins />
      <VenueMarker event={event}>
        <Popup>
          <p className="map-popup-name">{event.event_name}</p>
          <p className="map-popup-date">{fullAddress(event)}</p>
        </Popup>
      </VenueMarker>
    </MapContainer>
  );
}
