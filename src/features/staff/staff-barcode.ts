/**
 * Code 128 barcodes as SVG text, by bwip-js (Code 128 alone: its named
 * export leaves the other symbologies out). Loaded only by the labels page,
 * through a dynamic import of this module, so bwip-js sits in a chunk named
 * staff-barcode-*: the service worker leaves staff-* chunks out of the
 * precache members download (sw/precache-rules.ts) and keeps them once visited.
 */
import { code128, drawingSVG } from 'bwip-js/browser';

/**
 * The barcode of `text`, drawn 8 mm tall at its natural width (SVG scales it
 * to the label), with ten modules of white each side: Code 128's quiet
 * zone, inside the drawing so no layout can crop it.
 */
export const code128Svg = (text: string): string => code128({ bcid: 'code128', text, scale: 1, height: 8, paddingwidth: 10 }, drawingSVG());
