// The worker is built by Vite, which replaces import.meta.env with the build's
// VITE_* settings; sw/tsconfig.json keeps DOM and vite/client types out.
interface ImportMetaEnv {
  readonly VITE_TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
