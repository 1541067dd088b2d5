// Sends a bug report: POST the payload (convex/lib/bugReports/payload.ts reads it) to
// the submit-bug-report HTTP action with the session's bearer token.
import { redactSecrets } from "../../../convex/lib/bugReports/redact";
import { BUG_REPORT_MESSAGES as M } from "../../../convex/lib/bugReports/rules";
import type { ConsoleEntry } from "../../lib/consoleBuffer";
import { convexSiteUrl } from "../../lib/convexSiteUrl";

interface BugReportPayload {
  errorMessage: string;
  consoleLogs: ConsoleEntry[];
  screenshotBase64: string;
  pageUrl: string;
  userAgent: string;
  metadata: {
    timestamp: string;
    viewport: { width: number; height: number };
    userRole: string;
    userId: string;
  };
}

/** The page's path as the report shows and sends it: capability tokens redacted. */
export function reportedPath(): string {
  return redactSecrets(window.location.pathname);
}

export function buildPayload(input: {
  description: string;
  screenshot: string;
  consoleLogs: ConsoleEntry[];
  profile: { _id: string; role: string };
}): BugReportPayload {
  return {
    errorMessage: redactSecrets(input.description.trim()),
    consoleLogs: input.consoleLogs.map((e) => ({ ...e, message: redactSecrets(e.message) })),
    screenshotBase64: input.screenshot,
    pageUrl: redactSecrets(window.location.href),
    userAgent: navigator.userAgent,
    metadata: {
      timestamp: new Date().toISOString(),
      viewport: { width: window.innerWidth, height: window.innerHeight },
      userRole: input.profile.role,
      userId: input.profile._id,
    },
  };
}

/** Resolves to the new report's id; rejects with the server's error text or the fixed fallback message. */
export async function submitBugReport(payload: BugReportPayload, token: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${convexSiteUrl()}/submit-bug-report`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new Error(M.submitFailed);
  }
  const body = (await response.json().catch(() => null)) as { error?: unknown; success?: unknown; id?: unknown } | null;
  if (!response.ok || body === null || body.success !== true) {
    throw new Error(typeof body?.error === "string" && body.error !== "" ? body.error : M.submitFailed);
  }
  return String(body.id);
}
