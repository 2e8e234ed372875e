/**
 * Reading barcodes back from what the browser drew, in Node, with
 * zxing-wasm (ZXing-C++ as WebAssembly): its reader's .wasm is read from
 * node_modules, never fetched from its default CDN. And the pages of a PDF
 * that Chromium printed, from the file's own page objects.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | null = null;

/** The text of every valid Code 128 barcode in a PNG image (a screenshot). */
export async function decodeCode128(png: Buffer): Promise<string[]> {
  if (!ready) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    ready = prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
  }
  await ready;
  const results = await readBarcodes(new Uint8Array(png), { formats: ['Code128'], maxNumberOfSymbols: 100, tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** Each page's size in whole millimetres, from the PDF's /MediaBox of each /Type /Page object. */
export function pdfPageSizes(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  const sizes: { width: number; height: number }[] = [];
  const pageObject = /\/Type\s*\/Page(?![a-zA-Z])[\s\S]*?endobj/g;
  for (const match of text.matchAll(pageObject)) {
    const box = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(match[0]);
    if (!box) throw new Error('A page without its own /MediaBox');
    const [, x0, y0, x1, y1] = box.map(Number) as [number, number, number, number, number];
    // To the whole millimetre: Chromium sizes pages in whole CSS pixels (209.9 mm for A4's 210).
    const mm = (points: number) => Math.round((points * 25.4) / 72);
    sizes.push({ width: mm(x1 - x0), height: mm(y1 - y0) });
  }
  return sizes;
}
