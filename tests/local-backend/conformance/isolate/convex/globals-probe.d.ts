// The fixture's npm package (../globals-probe, copied into node_modules by the test).
declare module "globals-probe" {
  export function look(): Record<string, unknown>;
  export function globalNames(): string[];
  export function now(): number;
  export function digest(text: string): Promise<ArrayBuffer>;
}
