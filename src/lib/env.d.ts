/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Convex deployment URL; `npm run dev` sets it to the local backend. */
  readonly VITE_CONVEX_URL?: string;
  readonly VITE_CONVEX_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
