// The public verify API's paths, limits and messages; pure, so the documentation page quotes them.
import { VERIFY_MESSAGES } from "./rules";

export const VERIFY_API_PREFIX = "/api/v1/verify/";
export const OPENAPI_PATH = "/api/v1/openapi.json";
// Longest path segment read at all; a serial is 13 characters, this leaves room for encoding.
export const MAX_SERIAL_SEGMENT = 64;
// Requests a minute per client address, and the burst a client may spend at once.
export const VERIFY_API_PER_MINUTE = 60;

// The serial the documentation's example checks: the demo data gives it to a public asset, so
// the example answers on a fresh local backend.
export const VERIFY_API_EXAMPLE = {
  serial: "TMT-7K3P-Q9XA",
  name: "Trek Domane road bike",
  kind: "general",
  status: "active",
  // What identifies it (its maker's serial shown masked, the default).
  identity: { brand: "Trek", model: "Domane SL5", colour: "Blue", makerSerial: "WTU2481357" },
} as const;

export const VERIFY_API_MESSAGES = {
  notFound: VERIFY_MESSAGES.serialNotFound,
  invalid: VERIFY_MESSAGES.invalidSerial,
  limited: "Too many requests. Please wait before verifying more serials.",
} as const;
