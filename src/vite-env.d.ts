/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Base of the product API; default '/api'. */
  readonly VITE_API_BASE?: string;
  /** z/x/y tile template; default OpenStreetMap's tile server. */
  readonly VITE_TILE_URL?: string;
  /** 'true' to fetch tiles around upcoming events ahead of time (only where the provider allows it). */
  readonly VITE_TILES_PREFETCH?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
