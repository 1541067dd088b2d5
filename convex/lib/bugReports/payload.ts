// Reads a bug report payload (description, page, console, screenshot, metadata)
// from an untrusted JSON body, with every field size-capped.
// metadata.userId and metadata.userRole are ignored: the server takes both
// from the verified token.
import { BUG_REPORT_MESSAGES as M, CONSOLE_LEVELS, MAX_CONSOLE_ENTRIES, MAX_CONSOLE_ENTRY_CHARS, MAX_DESCRIPTION_CHARS, MAX_PAGE_URL_CHARS, MAX_SCREENSHOT_BYTES, MAX_USER_AGENT_CHARS, type ConsoleEntry, type ConsoleLevel } from "./rules";
import { redactSecrets } from "./redact";

type ParsedReport = {
  description: string;
  consoleLogs: ConsoleEntry[];
  screenshot: { bytes: Uint8Array; contentType: "image/jpeg" | "image/png" };
  pageUrl: string;
  userAgent: string;
  viewport: { width: number; height: number };
  clientTimestamp: string;
};

type ParseResult = { ok: true; report: ParsedReport } | { ok: false; status: number; error: string };

const fail = (status: number, error: string): ParseResult => ({ ok: false, status, error });
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** JPEG starts FF D8 FF; PNG with its 8-byte signature. */
function imageType(bytes: Uint8Array): "image/jpeg" | "image/png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "image/png";
  return null;
}

/** Bytes of a data URL or bare base64 string; null when it is not base64. */
function decodeBase64(input: string): Uint8Array | null {
  const base64 = input.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (base64 === "" || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return null;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function parseConsole(raw: unknown): ConsoleEntry[] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return M.malformed;
  if (raw.length > MAX_CONSOLE_ENTRIES) return M.tooManyEntries;
  const entries: ConsoleEntry[] = [];
  for (const item of raw) {
    // Plain strings are accepted too, as logged lines.
    const entry = typeof item === "string" ? { level: "log", message: item, timestamp: Date.now() } : item;
    if (!isObject(entry) || typeof entry.message !== "string") return M.malformed;
    if (entry.message.length > MAX_CONSOLE_ENTRY_CHARS) return M.entryTooLong;
    const level = (CONSOLE_LEVELS as readonly string[]).includes(entry.level as string) ? (entry.level as ConsoleLevel) : "log";
    const timestamp = typeof entry.timestamp === "number" && Number.isFinite(entry.timestamp) ? entry.timestamp : 0;
    entries.push({ level, message: redactSecrets(entry.message), timestamp });
  }
  return entries;
}

function dimension(x: unknown): number {
  return typeof x === "number" && Number.isFinite(x) && x >= 0 ? Math.min(Math.round(x), 100_000) : 0;
}

export function parseBugReport(body: unknown): ParseResult {
  if (!isObject(body)) return fail(400, M.malformed);
  const { errorMessage, consoleLogs, screenshotBase64, pageUrl, userAgent } = body;
  const metadata = isObject(body.metadata) ? body.metadata : {};
  if (typeof errorMessage !== "string" || errorMessage.trim() === "") return fail(400, M.describe);
  const description = errorMessage.trim();
  if (description.length > MAX_DESCRIPTION_CHARS) return fail(400, M.descriptionTooLong);
  if (typeof screenshotBase64 !== "string" || screenshotBase64.trim() === "") return fail(400, M.screenshotRequired);
  // Cheap bound before decoding: base64 takes 4 characters per 3 bytes.
  if (screenshotBase64.length > Math.ceil((MAX_SCREENSHOT_BYTES * 4) / 3) + 100) return fail(413, M.screenshotTooLarge);
  const bytes = decodeBase64(screenshotBase64);
  if (bytes === null) return fail(400, M.malformed);
  if (bytes.length > MAX_SCREENSHOT_BYTES) return fail(413, M.screenshotTooLarge);
  const contentType = imageType(bytes);
  if (contentType === null) return fail(415, M.notAnImage);
  const logs = parseConsole(consoleLogs);
  if (typeof logs === "string") return fail(400, logs);
  if (pageUrl !== undefined && typeof pageUrl !== "string") return fail(400, M.malformed);
  if (userAgent !== undefined && typeof userAgent !== "string") return fail(400, M.malformed);
  const viewport = isObject(metadata.viewport) ? metadata.viewport : {};
  return {
    ok: true,
    report: {
      description: redactSecrets(description),
      consoleLogs: logs,
      screenshot: { bytes, contentType },
      pageUrl: redactSecrets(pageUrl ?? "").slice(0, MAX_PAGE_URL_CHARS),
      userAgent: (userAgent ?? "").slice(0, MAX_USER_AGENT_CHARS),
      viewport: { width: dimension(viewport.width), height: dimension(viewport.height) },
      clientTimestamp: typeof metadata.timestamp === "string" ? metadata.timestamp.slice(0, 64) : "",
    },
  };
}
