import { TileLayer } from 'react-leaflet';
import { env, TILE_ATTRIBUTION } from '../../../lib/env';

/**
 * The tile source from VITE_TILE_URL. crossOrigin makes tile responses CORS
 * (not opaque), so the service worker can check their status and each
 * cached tile costs ~1 KB of quota instead of several MB.
 */
export function SiteTileLayer() {
  return <TileLayer url={env.tileUrl} attribution={TILE_ATTRIBUTION} crossOrigin="anonymous" />;
}
