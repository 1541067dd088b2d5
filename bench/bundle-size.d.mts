// Types for bundle-size.mjs (used by tests/e2e/bundle-budget.test.ts).
export interface Size {
  raw: number;
  gzip: number;
  chunks: number;
}
export interface RouteSize {
  page: string;
  own: Size;
  initial: Size;
}
export interface BundleSizes {
  shell: Size;
  landing: RouteSize;
  largest: RouteSize;
  routes: RouteSize[];
  /** The Convex URL inlined in the shell, or null for a build without one (not the real app). */
  connectedTo: string | null;
}
export const ROOT: string;
export const LANDING: string;
export const LANDING_BUDGET_KB: number;
export const MEASURE_CONVEX_URL: string;
export function buildApp(outDir: string): Promise<void>;
export function buildForMeasure(outDir: string): Promise<void>;
export function measure(outDir: string): BundleSizes;
export function report(sizes: BundleSizes): string;
export function main(argv?: string[]): Promise<void>;
