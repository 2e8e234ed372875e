import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Pins and clusters have role="button", and a button answers Space as well as
 * Enter. Leaflet and the cluster plugin handle Enter only, so Space is passed
 * on as a click (without scrolling the page); a cluster then disappears into
 * the zoom, so focus goes to the map, as the plugin does for Enter.
 */
export function SpaceActivatesPins() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (event.key !== ' ' || !(target instanceof HTMLElement) || !target.classList.contains('leaflet-marker-icon')) return;
      event.preventDefault();
      const cluster = target.classList.contains('map-cluster');
      target.click();
      if (cluster) container.focus();
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map]);
  return null;
}
