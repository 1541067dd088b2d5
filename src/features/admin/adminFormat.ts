
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
