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
}
export const ROOT: string;
export const LANDING: string;
export const LANDING_BUDGET_KB: number;
export function buildApp(outDir: string): Promise<void>;
export function measure(outDir: string): BundleSizes;
export function report(sizes: BundleSizes): string;
export function main(argv?: string[]): Promise<void>;
