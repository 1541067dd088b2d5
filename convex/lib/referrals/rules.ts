// Pure referral rules: input parsing, one-mailbox comparison, masking. No database access.
import { mailboxKey } from "../auth/emailIdentity";
import { DEFAULT_VERIFICATION_SOURCE } from "../constants";
import { appError } from "../errors";

export const REFERRAL_MESSAGES = {
  invalidCode: "Invalid referral code",
  invalidSource: "Invalid referral source",
  selfReferral: "You cannot use your own referral code",
  cycle: "You cannot use the referral code of someone you referred",
} as const;

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const SOURCE_PATTERN = /^[^\p{Cc}]{1,64}$/u;

/** "" when no code was given; otherwise the upper-cased code. Malformed codes are refused. */
export function parseReferralCode(raw: string): string {
  const code = raw.trim();
  if (code === "") return "";
  if (!CODE_PATTERN.test(code)) throw appError("INVALID", REFERRAL_MESSAGES.invalidCode);
  return code.toUpperCase();
}

export function parseReferralSource(raw: string): string {
  const source = raw.trim();
  if (source === "") return DEFAULT_VERIFICATION_SOURCE;
  if (!SOURCE_PATTERN.test(source)) throw appError("INVALID", REFERRAL_MESSAGES.invalidSource);
  return source;
}

type Person = { _id: string; email?: string; phone?: string };

/** The same account, the same mailbox, or the same phone number. */
export function samePerson(a: Person, b: Person): boolean {
  if (a._id === b._id) return true;
  if (a.email && b.email && mailboxKey(a.email) === mailboxKey(b.email)) return true;
  return Boolean(a.phone && b.phone && a.phone === b.phone);
}

function maskWord(word: string): string {
  const chars = [...word];
  if (chars.length <= 2) return `${chars[0] ?? ""}*`;
  return `${chars[0]}${"*".repeat(Math.min(chars.length - 2, 6))}${chars[chars.length - 1]}`;
}

/** 'Jason Smith' → 'J***n S.'; phone-only accounts show their last two digits. */
export function maskedName(person: { fullName?: string; email?: string; phone?: string }): string {
  const name = person.fullName?.trim() || person.email?.split("@")[0] || "";
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const rest = words.length > 1 ? ` ${[...words[words.length - 1]][0]}.` : "";
    return maskWord(words[0]) + rest;
  }
  if (person.phone) return `Phone user ••${person.phone.slice(-2)}`;
  return "Member";
}

/** UTC calendar day of a timestamp, "YYYY-MM-DD". */
export function dayKey(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The `count` UTC days ending today, oldest first. */
export function lastDays(now: number, count: number): string[] {
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(dayKey(now - i * 86_400_000));
  return days;
}
