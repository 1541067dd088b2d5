// Ownership certificates: what one says (serial, status, periods of ownership as dates, the
// day it was issued), signed with the deployment's key (lib/signedLinks.ts). The facts and
// the signature travel in the certificate's QR link, /verify/{serial}?cert=..., so /verify
// can tell a genuine certificate from an edited one and whether it is still current, with
// no lookup table and without naming any owner.
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { v, type Infer } from "convex/values";
import { signature } from "../signedLinks";
import { ASSET_STATUSES, assetStatusValidator, type AssetStatus } from "../assets/tables";

/** One period of ownership: dates only (ms), `to` null while it lasts. */
const certificatePeriodValidator = v.object({ from: v.number(), to: v.union(v.number(), v.null()) });
type Period = Infer<typeof certificatePeriodValidator>;

export type CertificateFacts = { serial: string; status: AssetStatus; periods: Period[]; issuedAt: number };

/** What /verify says about a certificate's link. */
export const certificateCheckValidator = v.union(
  v.object({ genuine: v.literal(false) }),
  v.object({
    genuine: v.literal(true),
    issuedAt: v.number(),
    status: assetStatusValidator,
    periods: v.array(certificatePeriodValidator),
    // Null when no item holds the serial any more.
    currentStatus: v.union(assetStatusValidator, v.null()),
    // Status and periods are still what the certificate says.
    current: v.boolean(),
  }),
);

/** The longest `cert` parameter read (a certificate lists at most PERIODS periods). */
const MAX_TOKEN = 2_000;
const PERIODS = 60;
const SIGNATURE_BYTES = 16;

const b36 = (n: number) => n.toString(36);
const num = (text: string) => (/^[0-9a-z]{1,12}$/.test(text) ? parseInt(text, 36) : NaN);

/**
 * The periods a certificate lists: the item's owner chain as dates (or, for an item older
 * than the chain, one period since tagging), the latest PERIODS.
 */
export function certificatePeriods(taggedAt: number, owners: readonly { from: number; to?: number }[]): Period[] {
  const rows = owners.length > 0 ? [...owners].sort((a, b) => a.from - b.from) : [{ from: taggedAt, to: undefined }];
  return rows.slice(-PERIODS).map((r) => ({ from: r.from, to: r.to ?? null }));
}

function body({ issuedAt, status, periods }: Omit<CertificateFacts, "serial">): string {
  return [b36(issuedAt), status, periods.map((p) => `${b36(p.from)}-${p.to === null ? "" : b36(p.to)}`).join("~")].join(".");
}

const signed = (serial: string, text: string) => signature("certificate", new TextEncoder().encode(`${serial}|${text}`)).slice(0, SIGNATURE_BYTES);

/** The `cert` parameter of the certificate's link: its facts and their signature. */
function certificateToken(facts: CertificateFacts): string {
  const text = body(facts);
  return `${text}.${encodeBase64urlNoPadding(signed(facts.serial, text))}`;
}

/** The facts a well-signed token states for `serial`, or null for anything forged, edited or malformed. */
export function readCertificate(serial: string, token: string): Omit<CertificateFacts, "serial"> | null {
  if (token.length > MAX_TOKEN) return null;
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [issued, status, periodText, sigText] = parts;
  let sig: Uint8Array;
  try {
    sig = decodeBase64urlIgnorePadding(sigText);
  } catch {
    return null;
  }
  if (sig.length !== SIGNATURE_BYTES || !constantTimeEqual(sig, signed(serial, parts.slice(0, 3).join(".")))) return null;
  if (!(ASSET_STATUSES as readonly string[]).includes(status)) return null;
  const periods = periodText === "" ? [] : periodText.split("~").map((p) => {
    const [from, to] = p.split("-");
    return { from: num(from), to: to === "" ? null : num(to) };
  });
  const issuedAt = num(issued);
  if (Number.isNaN(issuedAt) || periods.some((p) => Number.isNaN(p.from) || Number.isNaN(p.to))) return null;
  return { issuedAt, status: status as AssetStatus, periods };
}

/** The certificate's QR link. */
export const certificateUrl = (siteUrl: string, facts: CertificateFacts) =>
  `${siteUrl.replace(/\/+$/, "")}/verify/${encodeURIComponent(facts.serial)}?cert=${certificateToken(facts)}`;

/** Whether the item's status and periods are still what the certificate says. */
export const stillCurrent = (stated: Omit<CertificateFacts, "serial">, now: { status: AssetStatus; periods: Period[] }) =>
  stated.status === now.status && body({ ...stated, periods: now.periods }) === body(stated);
