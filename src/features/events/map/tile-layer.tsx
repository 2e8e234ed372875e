import type { TileErrorEvent } from 'leaflet';
import { useEffect, useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { env, TILE_ATTRIBUTION } from '@/lib/env';
import { tilesMayLoad, tilesMayLoadNow } from './tile-readiness';

/**
 * A tile the page fetched itself (no service worker in charge) and could not
 * load: hidden, so the map's plain background shows in its place.
 */
const TILE_EVENTS = {
  tileerror: (event: TileErrorEvent) => event.tile.classList.add('map-tile-missing'),
};

function useTilesMayLoad(): boolean {
  const [mayLoad, setMayLoad] = useState(tilesMayLoadNow);
  useEffect(() => {
    if (mayLoad) return;
    let mounted = true;
    void tilesMayLoad().then(() => {
      if (mounted) setMayLoad(true);
    });
    return () => {
      mounted = false;
    };
  }, [mayLoad]);
  return mayLoad;
}

/**
 * The tile source from VITE_TILE_URL, added once tiles may load
 * (tile-readiness.ts). crossOrigin makes tile responses CORS (not opaque),
 * so the service worker can check their status and each cached tile costs
 * ~1 KB of quota instead of several MB.
 */
export function SiteTileLayer() {
  const mayLoad = useTilesMayLoad();
  if (!mayLoad) return null;
  return <TileLayer url={env.tileUrl} attribution={TILE_ATTRIBUTION} crossOrigin="anonymous" eventHandlers={TILE_EVENTS} />;
}
