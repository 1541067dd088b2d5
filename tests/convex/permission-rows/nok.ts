import { EVERYONE, SIGNED_IN, type Rows } from "../permission-types";

// Next of kin and legacy release (issue 8): owners act on their own plan; contacts
// and beneficiaries act through signed links (anyone holding one).
const MISSING_CONTACT = "99999999999999999999nokContacts";
const MISSING_ASSET = "99999999999999999999assets";

export const rows: Rows = {
  "nextOfKin:list": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "nextOfKin:willAssets": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "nextOfKin:assetBeneficiaries": { kind: "query", args: () => ({ assetId: MISSING_ASSET }), allowed: EVERYONE },
  "nextOfKin:add": {
    kind: "mutation",
    args: () => ({ name: "Kin", relationship: "Sister", email: "kin@kin.example", phone: "+447911123456" }),
    allowed: SIGNED_IN,
  },
  "nextOfKin:update": {
    kind: "mutation",
    args: () => ({ contactId: MISSING_CONTACT, name: "Kin", relationship: "Sister", email: "kin@kin.example", phone: "+447911123456" }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "nextOfKin:resendInvite": { kind: "mutation", args: () => ({ contactId: MISSING_CONTACT }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "nextOfKin:remove": { kind: "mutation", args: () => ({ contactId: MISSING_CONTACT }), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "nextOfKin:setBeneficiaries": {
    kind: "mutation",
    args: () => ({ assetId: MISSING_ASSET, beneficiaries: [] }),
    allowed: SIGNED_IN,
    handlerError: "NOT_FOUND",
  },
  "nextOfKin:confirm": { kind: "mutation", args: () => ({ token: "forged.token" }), allowed: EVERYONE, handlerError: "INVALID" },
  "legacy:status": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "legacy:saveSettings": { kind: "mutation", args: () => ({ enabled: false, periodMonths: 6, threshold: 1 }), allowed: SIGNED_IN },
  "legacy:checkIn": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN, handlerError: "NOT_FOUND" },
  "legacy:confirmLapse": { kind: "mutation", args: () => ({ token: "forged.token" }), allowed: EVERYONE, handlerError: "INVALID" },
  "legacyLinks:view": { kind: "query", args: () => ({ token: "forged.token" }), allowed: EVERYONE },
  "legacyLinks:confirmInfo": { kind: "query", args: () => ({ token: "forged.token" }), allowed: EVERYONE },
  "legacyLinks:recordOpen": { kind: "mutation", args: () => ({ token: "forged.token" }), allowed: EVERYONE, handlerError: "INVALID" },
};
