/**
 * A still picture as a short YUV4MPEG2 video, the format Chromium's fake
 * camera plays (--use-file-for-fake-video-capture=<file>.y4m, looped): the
 * header `YUV4MPEG2 W<w> H<h> F10:1 Ip A1:1 C420jpeg`, then each frame as
 * `FRAME\n` and its planes, Y at full size and Cb, Cr at half width and
 * height (4:2:0, full-range "JPEG" levels, BT.601 weights).
 */
import { writeFileSync } from 'node:fs';

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes a pixel, rows top to bottom. */
  rgb: Uint8Array;
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

export function y4mOf(image: RgbImage, frames = 10): Buffer {
  const { width, height, rgb } = image;
  if (width % 2 || height % 2) throw new Error('A 4:2:0 picture needs an even width and height');
  const y = new Uint8Array(width * height);
  const cb = new Uint8Array((width / 2) * (height / 2));
  const cr = new Uint8Array(cb.length);
  const sums = new Float64Array(cb.length * 2);
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      const at = (row * width + col) * 3;
      const r = rgb[at]!;
      const g = rgb[at + 1]!;
      const b = rgb[at + 2]!;
      y[row * width + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      const half = (row >> 1) * (width / 2) + (col >> 1);
      sums[half * 2] = sums[half * 2]! + 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      sums[half * 2 + 1] = sums[half * 2 + 1]! + 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
  }
  for (let i = 0; i < cb.length; i += 1) {
    cb[i] = clamp(sums[i * 2]! / 4);
    cr[i] = clamp(sums[i * 2 + 1]! / 4);
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), y, cb, cr]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

export function writeY4m(path: string, image: RgbImage, frames = 10): void {
  writeFileSync(path, y4mOf(image, frames));
}
