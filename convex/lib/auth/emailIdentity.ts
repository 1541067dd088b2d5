// E-mail addresses as identities. Two steps, kept apart on purpose:
// - `normaliseAddress`: the address we store and send to. Only changes that reach the
//   same mailbox on every mail system (case of the domain, a trailing root dot, quotes
//   around a plain local part).
// - `mailboxKey`: who the address belongs to, for spotting aliases of one person
//   (self-referral, a second sign-up for the same inbox). Also folds +tags, dots and
//   googlemail.com, which most providers deliver to one inbox; we apply it to every
//   domain on purpose, since a false "same person" only refuses a referral or an alias.

// A dot-atom local part: what a quoted local part may be unquoted to without changing it.
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** Splits at the last "@" (a quoted local part may itself hold "@"); null when there is none. */
function split(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return null;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

function unquote(local: string): string {
  if (local.length >= 2 && local.startsWith('"') && local.endsWith('"')) {
    const inner = local.slice(1, -1);
    if (DOT_ATOM.test(inner)) return inner;
  }
  return local;
}

/** The deliverable form: trimmed, lower-case, no trailing root dot, plain local part unquoted. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const parts = split(trimmed);
  if (parts === null) return trimmed;
  const domain = parts.domain.replace(/\.+$/, "");
  return `${unquote(parts.local)}@${domain}`;
}

/** One key per inbox: case, quotes, a trailing dot, dots, a +tag and googlemail.com fold away. */
export function mailboxKey(address: string): string {
  const parts = split(normaliseAddress(address));
  if (parts === null) return address.trim().toLowerCase();
  const base = parts.local.split("+")[0].replace(/\./g, "");
  const domain = parts.domain === "googlemail.com" ? "gmail.com" : parts.domain;
  return `${base}@${domain}`;
}
