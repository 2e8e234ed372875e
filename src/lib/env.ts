/**
 * The browser's settings, read from import.meta.env once, here and nowhere
 * else. A wrong value stops the app at start with a message naming it,
 * rather than failing later somewhere less obvious.
 */
const DEFAULT_API_BASE = '/api';
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface BrowserEnv {
  apiBase: string;
  tileUrl: string;
  tilesPrefetch: boolean;
  isProduction: boolean;
  /** Supabase Auth's base; unset = this site's own origin, whose server answers /auth/v1. */
  supabaseUrl: string | undefined;
  /** The project's public anon key; the stand-in accepts any value. */
  supabaseAnonKey: string;
  /** The seminar talk video (a path on this site or an http(s) URL); unset = no video on /events/seminar-talks. */
  seminarVideoUrl: string | undefined;
}

function text(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function flag(name: string, value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

export function parseEnv(raw: Record<string, string | boolean | undefined>): BrowserEnv {
  const str = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  const apiBase = text(str('VITE_API_BASE'), DEFAULT_API_BASE).replace(/\/+$/, '');
  const tileUrl = text(str('VITE_TILE_URL'), DEFAULT_TILE_URL);
  if (!['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part))) {
    throw new Error(`VITE_TILE_URL must contain {z}, {x} and {y}, got "${tileUrl}"`);
  }
  const seminarVideoUrl = str('VITE_SEMINAR_VIDEO_URL')?.trim() || undefined;
  if (seminarVideoUrl && !seminarVideoUrl.startsWith('/') && !/^https?:\/\/[^/]+/.test(seminarVideoUrl)) {
    throw new Error(`VITE_SEMINAR_VIDEO_URL must be an http(s) URL or a path starting with /, got "${seminarVideoUrl}"`);
  }
  return {
    apiBase,
    tileUrl,
    tilesPrefetch: flag('VITE_TILES_PREFETCH', str('VITE_TILES_PREFETCH')),
    isProduction: raw.PROD === true,
    supabaseUrl: str('VITE_SUPABASE_URL')?.trim().replace(/\/+$/, '') || undefined,
    supabaseAnonKey: text(str('VITE_SUPABASE_ANON_KEY'), 'local-anon-key'),
    seminarVideoUrl,
  };
}

export const env: BrowserEnv = parseEnv(import.meta.env as unknown as Record<string, string | boolean | undefined>);
