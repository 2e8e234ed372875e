/**
 * Reading the Leaflet maps the way a user meets them: each pin or cluster is
 * a button named after its venue or 'N events'; tiles are images the service
 * worker may answer with its placeholder.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const CLUSTER_NAME = /^(\d+) events?$/;

export interface MapTarget {
  name: string;
  role: string | null;
  tabIndex: number;
  width: number;
  height: number;
  cluster: boolean;
}

/** Every pin and cluster drawn on the map, as the accessibility tree and a thumb see them. */
export function mapTargets(map: Locator): Promise<MapTarget[]> {
  return map.locator('.leaflet-marker-icon').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        name: element.getAttribute('aria-label') ?? '',
        role: element.getAttribute('role'),
        tabIndex: (element as HTMLElement).tabIndex,
        width: box.width,
        height: box.height,
        cluster: element.classList.contains('map-cluster'),
      };
    }),
  );
}

/** How many events the pins and clusters stand for together. */
export function eventsShown(targets: readonly MapTarget[]): number {
  return targets.reduce((sum, target) => sum + (target.cluster ? Number(CLUSTER_NAME.exec(target.name)?.[1] ?? NaN) : 1), 0);
}

/** Console errors and uncaught exceptions, with the URL a failed load names. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

export interface TileImage {
  complete: boolean;
  naturalWidth: number;
  hidden: boolean;
}

/** The map's tile images once every one has finished loading, one way or the other. */
export async function settledTiles(map: Locator): Promise<TileImage[]> {
  const read = () =>
    map.locator('img.leaflet-tile').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({
        // Leaflet marks a loaded tile; tile-layer.tsx marks one that failed.
        complete: image.complete && (image.classList.contains('leaflet-tile-loaded') || image.classList.contains('map-tile-missing')),
        naturalWidth: image.naturalWidth,
        hidden: getComputedStyle(image).visibility === 'hidden',
      })),
    );
  await expect.poll(async () => {
    const tiles = await read();
    return tiles.length > 0 && tiles.every((tile) => tile.complete);
  }, { message: 'the map never finished drawing its tiles', timeout: 20_000 }).toBe(true);
  return read();
}
