import { EVERYONE, SIGNED_IN, EDITOR, READER, type Rows } from "../permission-types";

// Verify page, public assets and dashboard (issue 7b). The verify page is for anyone;
// dashboard reads answer null to visitors (route guard and sign-out races).
export const rows: Rows = {
  "verify:bySerial": { kind: "query", args: () => ({ serial: "TMT-AAAA-2222" }), allowed: EVERYONE },
  "verify:certificate": { kind: "query", args: () => ({ serial: "TMT-AAAA-2222", cert: "not.a.real.certificate" }), allowed: EVERYONE },
  "verify:byMakerSerial": { kind: "mutation", args: () => ({ makerSerial: "WTU 123-4567" }), allowed: EVERYONE },
  "verify:recordVisit": { kind: "mutation", args: () => ({ serial: "TMT-AAAA-2222" }), allowed: EVERYONE },
  "verify:shareVisitPlace": {
    kind: "mutation",
    args: () => ({ alertId: "missing", place: { lat: 1, lng: 1 } }),
    allowed: EVERYONE,
  },
  "verify:reportFound": {
    kind: "mutation",
    args: () => ({ serial: "TMT-AAAA-2222", message: "Found it" }),
    allowed: EVERYONE,
    handlerError: "NOT_FOUND",
  },
  "publicAssets:list": { kind: "query", args: () => ({ paginationOpts: { numItems: 5, cursor: null } }), allowed: EVERYONE },
  "dashboard:overview": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "dashboard:worth": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "onboarding:checklist": { kind: "query", args: () => ({}), allowed: EVERYONE },
  "onboarding:dismiss": { kind: "mutation", args: () => ({}), allowed: SIGNED_IN },
  "dashboard:activity": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "dashboard:alerts": { kind: "query", workspace: READER, args: () => ({}), allowed: EVERYONE },
  "dashboard:markAlertsSeen": { kind: "mutation", workspace: EDITOR, args: () => ({}), allowed: SIGNED_IN },
};
