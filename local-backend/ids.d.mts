// Types for ids.mjs (Convex-encoded document ids).
export function newId(tableNumber: number): string;
export function decodeId(id: unknown): number | null;
