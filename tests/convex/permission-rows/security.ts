import { EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Account security (issue 10): sessions and TOTP two-factor.
export const rows: Rows = {
  "sessions:list": { kind: "query", args: () => ({}), allowed: SIGNED_IN },
  "sessions:current": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "sessions:touch": { kind: "mutation", args: () => ({ userAgent: "Test browser" }), allowed: SIGNED_IN },
  "sessions:signOut": { kind: "mutation", args: () => ({ scope: "others" }), allowed: SIGNED_IN },
  // No such session of the caller's.
  "sessions:end": { kind: "mutation", args: () => ({ sessionId: "nope" }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "twoFactor:status": { kind: "query", args: () => ({}), allowed: SIGNED_IN },
  "twoFactor:start": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN },
  // Nothing pending / nothing enabled for the fixture users.
  "twoFactor:confirm": { kind: "action", args: () => ({ code: "123456" }), allowed: SIGNED_IN, handlerError: "INVALID" },
  "twoFactor:disable": { kind: "action", args: () => ({ code: "123456" }), allowed: SIGNED_IN, handlerError: "INVALID" },
  "twoFactor:regenerateRecoveryCodes": { kind: "action", args: () => ({ code: "123456" }), allowed: SIGNED_IN, handlerError: "INVALID" },
};
