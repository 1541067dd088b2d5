import { ConvexError } from "convex/values";

/** `error.data.message` of our ConvexErrors, else the fallback (raw server text is not for users). */
export function accountErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    if (typeof data === "string") return data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  }
  return fallback;
}
