/**
 * The staff scanner's WebAssembly file is the one its JavaScript was built
 * for: the site serves zxing-wasm's reader file itself
 * (src/features/staff/components/staff-zxing-decoder.ts), while the
 * barcode-detector polyfill runs the glue code of the zxing-wasm it depends
 * on. Two copies at different versions would pair one's glue with the
 * other's file, so the app pins the very version the polyfill names and npm
 * keeps a single copy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const manifest = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as { version: string; dependencies?: Record<string, string> };

describe('the scanner decoder', () => {
  it('serves the WebAssembly of the zxing-wasm the barcode-detector polyfill runs', () => {
    const wanted = manifest('node_modules/barcode-detector/package.json').dependencies?.['zxing-wasm'];
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest('package.json').dependencies?.['zxing-wasm']).toBe(wanted);
    expect(manifest('node_modules/zxing-wasm/package.json').version).toBe(wanted);
    expect(existsSync(join(root, 'node_modules/barcode-detector/node_modules/zxing-wasm'))).toBe(false);
  });
});
