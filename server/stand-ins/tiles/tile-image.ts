/**
 * The local stand-in for a map tile server: a pale "land" tile with a faint
 * grid, a darker edge, and its own z/x/y written in block digits, so a
 * developer can see which tile is which.
 */
import { encodePng } from './png';

export const TILE_SIZE = 256;
const LAND: Rgb = [238, 240, 229];
const LAND_ALT: Rgb = [232, 236, 222];
const GRID: Rgb = [222, 226, 212];
const EDGE: Rgb = [200, 205, 190];
const INK: Rgb = [150, 158, 140];
const GRID_STEP = 32;
const SCALE = 3;

type Rgb = readonly [number, number, number];

// 3x5 block glyphs, one string per row.
const GLYPHS: Record<string, readonly string[]> = {
  '0': ['###', '# #', '# #', '# #', '###'],
  '1': [' # ', '## ', ' # ', ' # ', '###'],
  '2': ['###', '  #', '###', '#  ', '###'],
  '3': ['###', '  #', '###', '  #', '###'],
  '4': ['# #', '# #', '###', '  #', '  #'],
  '5': ['###', '#  ', '###', '  #', '###'],
  '6': ['###', '#  ', '###', '# #', '###'],
  '7': ['###', '  #', '  #', '  #', '  #'],
  '8': ['###', '# #', '###', '# #', '###'],
  '9': ['###', '# #', '###', '  #', '###'],
  '/': ['  #', '  #', ' # ', '#  ', '#  '],
};

function paint(pixels: Uint8Array, x: number, y: number, colour: Rgb): void {
  if (x < 0 || y < 0 || x >= TILE_SIZE || y >= TILE_SIZE) return;
  pixels.set(colour, (y * TILE_SIZE + x) * 3);
}

function drawText(pixels: Uint8Array, text: string, left: number, top: number): void {
  let cursor = left;
  for (const char of text) {
    const glyph = GLYPHS[char];
    if (!glyph) continue;
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let dy = 0; dy < SCALE; dy += 1) {
          for (let dx = 0; dx < SCALE; dx += 1) paint(pixels, cursor + gx * SCALE + dx, top + gy * SCALE + dy, INK);
        }
      });
    });
    cursor += 4 * SCALE;
  }
}

export function renderTile(z: number, x: number, y: number): Buffer {
  const pixels = new Uint8Array(TILE_SIZE * TILE_SIZE * 3);
  // Neighbouring tiles alternate shade so tile edges are visible at a glance.
  const base = (x + y) % 2 === 0 ? LAND : LAND_ALT;
  for (let py = 0; py < TILE_SIZE; py += 1) {
    for (let px = 0; px < TILE_SIZE; px += 1) {
      const edge = px === 0 || py === 0;
      const grid = px % GRID_STEP === 0 || py % GRID_STEP === 0;
      paint(pixels, px, py, edge ? EDGE : grid ? GRID : base);
    }
  }
  drawText(pixels, `${z}/${x}/${y}`, 8, 8);
  return encodePng(TILE_SIZE, TILE_SIZE, pixels);
}
