import { EVERYONE, type Rows } from "../permission-types";

// The in-app scanner's lookup answers anyone; what it tells depends on membership (scan.test.ts).
export const rows: Rows = {
  "scan:resolve": { kind: "query", args: () => ({ code: "https://tagmything.example/verify/TMT-AAAA-2222" }), allowed: EVERYONE },
};
