/**
 * Waiting for a rendered page's code (ADR 0012). A page arrives as HTML and
 * is hydrated once its code has arrived and run; `networkidle` does not say
 * that has happened: on a slow CPU the main script can take longer than
 * networkidle's 500 ms to evaluate before it asks for the route's chunk.
 * React marks each DOM node it has hydrated with a `__reactFiber$…` property;
 * until an element carries it, the page's handlers and effects for it are
 * not there yet.
 */
import { expect, type Locator } from '@playwright/test';

export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'React has hydrated the element',
    })
    .toBe(true);
}
