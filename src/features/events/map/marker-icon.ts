/**
 * Leaflet finds its default marker images by reading a CSS path at run time,
 * which breaks once Vite hashes the files; give it the bundled URLs instead.
 * `?no-inline` keeps them real files: a data: URL would need the CSP to
 * allow data: images.
 */
import { Icon } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';

export const markerIcon = new Icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});
