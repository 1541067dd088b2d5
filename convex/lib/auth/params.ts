// Sign-in requests carry only the parameters their flow reads. Anything else is
// refused: an extra `email` must not move a lock-out counter, nor an extra number
// decide where a code goes.
import { appError } from "../errors";

export const UNKNOWN_PARAMETER = "This sign-in request has a parameter it does not use";
export function onlyParams(params: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw appError("INVALID", UNKNOWN_PARAMETER);
  }
}
