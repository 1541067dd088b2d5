import { ConvexError } from "convex/values";

type Count = { count: number; capped: boolean };

export function formatCount(c: Count): string {
  return `${c.count.toLocaleString("en-GB")}${c.capped ? "+" : ""}`;
}

export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export const FIELD_LABELS: Record<string, string> = {
  role: "Role",
  isBusinessUser: "Business",
  isAdminInfluencer: "Admin-influencer",
};

export function formatValue(value: string | boolean | null): string {
  if (value === null) return "unset";
  if (typeof value === "boolean") return value ? "on" : "off";
  return value;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ConvexError) {
    const data: unknown = error.data;
    if (typeof data === "string") return data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  }
  return fallback;
}
