// POST /submit-bug-report and its CORS preflight, on the site URL.
// The bearer token is verified by Convex before the handler runs; lib/access.ts
// then requires its session to be live. The user id never comes from the body.
import { internal } from "../../_generated/api";
import { httpAction } from "../../_generated/server";
import { appOriginPreflight, jsonReply } from "../httpCors";
import { getSessionStateInAction } from "../access";
import { BUG_REPORT_MESSAGES as M, MAX_BODY_BYTES } from "./rules";
import { parseBugReport } from "./payload";
import { limitedMessage } from "../limits";

function reply(request: Request, status: number, body: unknown): Response {
  return jsonReply(request, status, body);
}

export const submitBugReportPreflight = appOriginPreflight;

export const submitBugReport = httpAction(async (ctx, request) => {
  const session = await getSessionStateInAction(ctx);
  if (session.status !== "active") return reply(request, 401, { error: M.noSession });
  const userId = session.user._id;
  const submitter = await ctx.runQuery(internal.bugReports.submitter, { userId });
  if (submitter === null) return reply(request, 401, { error: M.noSession });
  if (submitter.retryAfterMs !== null) return reply(request, 429, { error: limitedMessage("bugReport", submitter.retryAfterMs) });

  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return reply(request, 413, { error: M.tooLarge });
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return reply(request, 413, { error: M.tooLarge });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return reply(request, 400, { error: M.malformed });
  }
  const parsed = parseBugReport(body);
  if (!parsed.ok) return reply(request, parsed.status, { error: parsed.error });

  const { screenshot, ...report } = parsed.report;
  const screenshotId = await ctx.storage.store(new Blob([screenshot.bytes as Uint8Array<ArrayBuffer>], { type: screenshot.contentType }));
  const result = await ctx.runMutation(internal.bugReports.record, { userId, screenshotId, ...report });
  if (result === null) {
    await ctx.storage.delete(screenshotId);
    return reply(request, 401, { error: M.noSession });
  }
  if ("retryAfterMs" in result) {
    await ctx.storage.delete(screenshotId);
    return reply(request, 429, { error: limitedMessage("bugReport", result.retryAfterMs) });
  }
  return reply(request, 200, { success: true, id: result.id });
});
