import type { Doc } from "../../_generated/dataModel";
import { env } from "../../_generated/server";
import { PRODUCT_NAME } from "../constants";

/** The owner's copy of a found report. */
export function foundReportEmail({
  to,
  asset,
  report,
}: {
  to: string;
  asset: Pick<Doc<"assets">, "name" | "serial">;
  report: Pick<Doc<"foundReports">, "message" | "contact">;
}) {
  const link = `${(env.SITE_URL ?? "").replace(/\/+$/, "")}/dashboard`;
  const body = [
    `Someone reported finding your "${asset.name}" (${asset.serial}) on ${PRODUCT_NAME}.`,
    "",
    "Their message:",
    report.message,
    "",
    `Contact: ${report.contact ?? "not given"}`,
    "",
    `See it on your dashboard: ${link}`,
  ].join("\n");
  return { to, subject: `Someone found your ${asset.name}`, body, link };
}
