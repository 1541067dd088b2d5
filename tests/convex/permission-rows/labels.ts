import { EVERYONE, READER, type Rows } from "../permission-types";

// Label printing (issue 19): visitors and non-owners get an empty list, never an error.
export const rows: Rows = {
  "labels:forAssets": { kind: "query", workspace: READER, args: () => ({ ids: ["99999999999999999999assets"] }), allowed: EVERYONE },
};
