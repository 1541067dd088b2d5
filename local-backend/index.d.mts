// Types for startBackend() (index.mjs), used by the TypeScript tests.
export interface FunctionResult {
  ok: boolean;
  value?: unknown;
  message?: string;
  data?: unknown;
  logLines: string[];
}

export interface StartBackendOptions {
  /** Data directory (default: outside the repo, ~/.local/share/tagmything-local-backend/<checkout>, or LOCAL_BACKEND_DIR). */
  dataDir?: string;
  /** API port (default 3210; 0 picks a free port). */
  port?: number;
  /** Site port serving convex/http.ts (default 3211; 0 picks a free port). */
  sitePort?: number;
  /** The convex/ folder to host (default: the project's convex/); null runs what `npx convex deploy` pushed last. */
  convexDir?: string | null;
  /** SITE_URL given to functions (the web app's origin). */
  siteUrl?: string;
  hostname?: string;
  /** Reload functions when convexDir changes. */
  watch?: boolean;
  /** Also run `npx convex codegen` on change (project folder only). */
  codegen?: boolean;
  /** Run internal `seed:run` when the data directory is empty (default true). */
  seed?: boolean;
  log?: (message: string) => void;
  /** Per-connection, upload and action-time limits (defaults: 1,000 subscriptions, 32 MiB queued, 64 MiB per upload, Convex's 10 minutes per action). */
  limits?: { maxSubscriptions?: number; maxQueuedBytes?: number; maxUploadBytes?: number; actionTimeoutMs?: number };
  /** Daily snapshot ZIPs (Convex's export format, files included) to keep in <dataDir>/backups; 0 for none (default: LOCAL_BACKEND_BACKUPS, else 0). */
  backups?: number;
}

export interface Backend {
  url: string;
  siteUrl: string;
  port: number;
  sitePort: number;
  dataDir: string;
  env: Record<string, string>;
  /** The deployment's admin key (CONVEX_SELF_HOSTED_ADMIN_KEY for the Convex CLI). */
  adminKey: string;
  seeded: FunctionResult | null;
  /** migrations:runAll started on this start (null when convex/ has no migrations). */
  migrated: FunctionResult | null;
  run(udfPath: string, args?: Record<string, unknown>, identity?: Record<string, unknown> | null): Promise<FunctionResult>;
  reload(): Promise<void>;
  stop(): Promise<void>;
}

export function startBackend(options?: StartBackendOptions): Promise<Backend>;
