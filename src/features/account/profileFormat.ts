import type { Profile } from "../../lib/profile";

export const ROLE_LABELS: Record<Profile["role"], string> = {
  influencer: "Influencer",
  moderator: "Moderator",
  admin: "Admin",
};

/** Only http(s) links may become an <img src>. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** "Ada Lovelace" → "AL"; else the first letter of the email; "" when there is none (a phone number). */
export function initials(name: string, fallback: string | null): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length > 0) return parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join("");
  return fallback?.match(/\p{L}/u)?.[0]?.toUpperCase() ?? "";
}
