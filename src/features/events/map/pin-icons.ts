/**
 * The map's tap targets: a venue pin and a cluster of events, each a 44x44 px
 * button (Leaflet gives keyboard-enabled markers role="button" and
 * tabindex="0") named for screen readers. Leaflet's own pin image is 25x41,
 * too narrow to hit with a thumb, so it sits inside a larger box.
 *
 * The pin images are bundled files (`?no-inline`): Leaflet finds its default
 * images by reading a CSS path at run time, which breaks once Vite hashes
 * them, and a data: URL would need the CSP to allow data: images.
 */
/// <reference types="leaflet.markercluster" />
import { DivIcon, type DivIconOptions, type MarkerCluster } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';

export const TARGET_SIZE = 44;

/** A DivIcon whose element carries an accessible name. */
class LabelledIcon extends DivIcon {
  private readonly label: string;

  constructor(label: string, options: DivIconOptions) {
    super(options);
    this.label = label;
  }

  override createIcon(oldIcon?: HTMLElement): HTMLElement {
    const element = super.createIcon(oldIcon);
    element.setAttribute('aria-label', this.label);
    return element;
  }
}

// The image is decoration: the box around it carries the name.
const PIN_HTML = `<img class="map-pin-image" src="${iconUrl}" srcset="${iconUrl} 1x, ${iconRetinaUrl} 2x" width="25" height="41" alt="" draggable="false">`;

/** One venue: the pin's point is the box's bottom centre. */
export function venuePinIcon(label: string): DivIcon {
  return new LabelledIcon(label, {
    className: 'map-pin',
    html: PIN_HTML,
    iconSize: [TARGET_SIZE, TARGET_SIZE],
    iconAnchor: [TARGET_SIZE / 2, TARGET_SIZE],
    popupAnchor: [0, -TARGET_SIZE],
  });
}

export function clusterLabel(count: number): string {
  return count === 1 ? '1 event' : `${count} events`;
}

/** Several events too close to tell apart at this zoom; activating it zooms in. */
export function clusterIcon(cluster: MarkerCluster): DivIcon {
  const count = cluster.getChildCount();
  return new LabelledIcon(clusterLabel(count), {
    className: 'map-cluster',
    html: `<span aria-hidden="true">${count}</span>`,
    iconSize: [TARGET_SIZE, TARGET_SIZE],
  });
}
