// Fixtures for the bug-report suites: payloads as the widget sends them.
import type { Backend, Client } from "./setup";
import { SITE_URL } from "./setup";

// A real 1×1 PNG, and the shortest byte string that starts like a JPEG.
export const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
export const JPEG_DATA_URL = `data:image/jpeg;base64,${btoa("\xff\xd8\xff\xe0\x00\x10JFIF\x00")}`;

export function payload(overrides: Record<string, unknown> = {}) {
  return {
    errorMessage: "The save button does nothing",
    consoleLogs: [{ level: "error", message: "Failed to fetch /api", timestamp: 1 }],
    screenshotBase64: `data:image/png;base64,${PNG_BASE64}`,
    pageUrl: "http://localhost:5173/wallet?tab=history",
    userAgent: "Mozilla/5.0 (test)",
    metadata: {
      timestamp: "2025-01-01T00:00:00.000Z",
      viewport: { width: 1280, height: 800 },
      // Lies: the server must take both from the token.
      userRole: "admin",
      userId: "someone-else",
    },
    ...overrides,
  };
}

export async function submit(client: Backend | Client, body: unknown, headers: Record<string, string> = {}) {
  const response = await client.fetch("/submit-bug-report", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_URL!, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}
