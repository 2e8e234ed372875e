/**
 * The listing's map: one marker per upcoming event with coordinates, and
 * events too close to tell apart at the current zoom gathered into one
 * numbered cluster (leaflet.markercluster) that zooms in when activated. It
 * helps people see what is near them; the list beside it stays the main
 * way to use the page (everything here is also in the list).
 */
import 'leaflet/dist/leaflet.css';
// The cluster plugin's animations only; clusters are styled in map.css.
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './map.css';
import { latLngBounds, type LatLngBounds } from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, Popup, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { Link } from 'react-router-dom';
import { formatLongDate } from '@/domain/format';
import { paths } from '@/lib/paths';
import { type ScreeningEvent } from '@/domain/event';
import { interactionOptions } from './map-options';
import { clusterIcon } from './pin-icons';
import { SpaceActivatesPins } from './space-activates';
import { SiteTileLayer } from './tile-layer';
import { VenueMarker } from './venue-marker';

export const LONDON: [number, number] = [51.5074, -0.1278];
export const DEFAULT_ZOOM = 8;
const FIT_MAX_ZOOM = 13;

const FIT_OPTIONS = { padding: [32, 32] as [number, number], maxZoom: FIT_MAX_ZOOM };
/** Pins closer than this many pixels join a cluster: well clear of two 44px targets touching. */
const CLUSTER_RADIUS_PX = 60;

function boundsOf(events: readonly ScreeningEvent[]): LatLngBounds | undefined {
  if (events.length === 0) return undefined;
  return latLngBounds(events.map((e) => [e.latitude ?? 0, e.longitude ?? 0] as [number, number]));
}

/** Refits when the set of events changes after the first draw (the first fit is MapContainer's). */
function RefitOnChange({ events }: { events: readonly ScreeningEvent[] }) {
  const map = useMap();
  const key = events.map((e) => e.event_id).join(',');
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    const bounds = boundsOf(events);
    if (bounds) map.fitBounds(bounds, FIT_OPTIONS);
    else map.setView(LONDON, DEFAULT_ZOOM);
    // Only a different set of events moves the map, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

export default function EventsMap({ events }: { events: readonly ScreeningEvent[] }) {
  const bounds = boundsOf(events);
  // Start at the markers' bounds, so no tiles are fetched for a view about to change.
  const view = bounds ? { bounds, boundsOptions: FIT_OPTIONS } : { center: LONDON, zoom: DEFAULT_ZOOM };
  return (
    <MapContainer {...view} {...interactionOptions()} className="map">
      <SiteTileLayer />
      <RefitOnChange events={events} />
      <SpaceActivatesPins />
      <MarkerClusterGroup
        iconCreateFunction={clusterIcon}
        maxClusterRadius={CLUSTER_RADIUS_PX}
        showCoverageOnHover={false}
      >
        {events.map((event) => (
          <VenueMarker key={event.event_id} event={event}>
            <Popup>
              <p className="map-popup-name">{event.event_name}</p>
              <p className="map-popup-date">{formatLongDate(event.event_date)}</p>
              <Link to={paths.event(event.event_id)} state={{ event }}>
                View event
              </Link>
            </Popup>
          </VenueMarker>
        ))}
      </MarkerClusterGroup>
    </MapContainer>
  );
}
