/**
 * The venue's pin: click or tap the map to place it, drag it to adjust.
 * Loaded lazily (Leaflet is heavy) only by the event editor. The latitude
 * and longitude fields beside it stay the accessible way to set the place.
 */
import 'leaflet/dist/leaflet.css';
import { Icon, type LeafletMouseEvent } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import { env, TILE_ATTRIBUTION } from '@/lib/env';

// Leaflet's default icon paths break once Vite hashes the files (see the events map).
const icon = new Icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], shadowSize: [41, 41] });
const LONDON: [number, number] = [51.5074, -0.1278];
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e: LeafletMouseEvent) => onPick(round(e.latlng.lat), round(e.latlng.lng)) });
  return null;
}

export default function PinPicker({ lat, lng, onPick }: { lat: number | null; lng: number | null; onPick: (lat: number, lng: number) => void }) {
  const position: [number, number] | null = lat !== null && lng !== null ? [lat, lng] : null;
  return (
    <MapContainer center={position ?? LONDON} zoom={position ? 13 : 8} scrollWheelZoom={false} className="pin-picker">
      <TileLayer url={env.tileUrl} attribution={TILE_ATTRIBUTION} crossOrigin="anonymous" />
      <ClickToPlace onPick={onPick} />
      {position && (
        <Marker
          position={position}
          icon={icon}
          draggable
          alt="Venue pin"
          eventHandlers={{
            dragend: (e) => {
              const at = (e.target as { getLatLng(): { lat: number; lng: number } }).getLatLng();
              onPick(round(at.lat), round(at.lng));
            },
          }}
        />
      )}
    </MapContainer>
  );
}
