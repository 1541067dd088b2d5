// How one fuzz call is judged: what a refusal may look like, and what the database may hold.
import { ERROR_CODES } from "../../../convex/lib/errors";

export type Outcome =
  | { kind: "ok" }
  | { kind: "refused"; code: string }
  | { kind: "validation"; message: string }
  | { kind: "crash"; message: string };

// convex-test's argument validation (the real backend's ArgumentValidationError says the same things).
const VALIDATION = [/^Validator error:/, /^The arguments to a Convex function must be an object/, /^ArgumentValidationError/];

export function classify(error: unknown): Outcome {
  const data = (error as { data?: unknown }).data;
  const parsed = typeof data === "string" ? safeJson(data) : data;
  if (typeof parsed === "object" && parsed !== null && "code" in parsed) {
    const code = String((parsed as { code: unknown }).code);
    if ((ERROR_CODES as readonly string[]).includes(code)) return { kind: "refused", code };
  }
  const message = error instanceof Error ? error.message : String(error);
  // convex-test's own validator calls Object.getPrototypeOf(null) (isSimpleObject) where an object
  // is expected, before it can refuse `null`; the real backend's validator refuses it. A harness
  // artifact, not a crash in our code: the stack proves no handler ran.
  if (error instanceof TypeError && /at isSimpleObject \(.*convex-test/.test(error.stack ?? "")) {
    return { kind: "validation", message: "null where an object is expected (convex-test isSimpleObject)" };
  }
  if (VALIDATION.some((re) => re.test(message))) return { kind: "validation", message: message.slice(0, 160) };
  return { kind: "crash", message: `${error instanceof Error ? error.name : typeof error}: ${message.slice(0, 200)}` };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const HUGE_STRING_LIMIT = 100_000;

/** Values no document should ever hold: NaN/±Infinity, and strings past HUGE_STRING_LIMIT. */
export function badStoredValues(snapshot: Record<string, unknown[]>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, where: string) => {
    if (typeof value === "number" && !Number.isFinite(value)) found.push(`${where}=${value}`);
    else if (typeof value === "string" && value.length > HUGE_STRING_LIMIT) found.push(`${where}=<${value.length} chars>`);
    else if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${where}[${i}]`));
    else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`);
  };
  for (const [table, docs] of Object.entries(snapshot)) docs.forEach((doc) => visit(doc, table));
  return found;
}
