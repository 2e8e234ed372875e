/**
 * Whether the page behind a modal dialog is dimmed, read from what Chromium
 * actually paints: a screenshot of a thin strip at the viewport's left edge
 * (page margin, away from the centred dialog), averaged in a blank page's
 * canvas. A computed ::backdrop style alone is not proof that it is drawn.
 */
import type { Page } from '@playwright/test';

const STRIP = { x: 0, y: 0, width: 8 } as const;

/** Mean brightness (0–255) of the strip down the viewport's left edge. */
export async function leftEdgeBrightness(page: Page): Promise<number> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no fixed viewport');
  const png = await page.screenshot({ clip: { ...STRIP, height: viewport.height }, animations: 'disabled' });
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(async (dataUrl) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      return sum / (data.length / 4);
    }, `data:image/png;base64,${png.toString('base64')}`);
  } finally {
    await scratch.close();
  }
}
