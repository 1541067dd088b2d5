// Phone sign-in with a 6-digit SMS code, as a credentials provider of our own
// rather than Convex Auth's phone provider, which let extra request parameters
// decide where the code went (`email` beside `phone`) and which identifier counted
// the failures, and which created the account before the number proved itself.
//
// Here a request carries `phone` (and `code` when redeeming) and nothing else; the
// number is normalised to E.164 once, the code goes to and verifies that number
// only, wrong codes count against that number, and the account (with its wallet)
// is created when the right code comes back.
import { ConvexCredentials } from "@convex-dev/auth/providers/ConvexCredentials";
import { internal } from "../../_generated/api";
import type { DataModel, Id } from "../../_generated/dataModel";
import { randomString } from "./input";
import { phoneCodeSms } from "./messages";
import { onlyParams } from "./params";
import { normalisePhone } from "../phone";
import { PHONE_PROVIDER_ID } from "./providerIds";
import { hashCode } from "./secrets";
import { OTP_LENGTH } from "../constants";
import { appError, MESSAGES } from "../errors";
import { GUESS_LIMITS, rateLimited } from "../limits";
import { sendSms } from "../outbound";


type Outcome =
  | { status: "ok"; userId: Id<"users"> }
  | { status: "invalid" }
  | { status: "locked"; retryAfterMs: number };

export const phoneProvider = ConvexCredentials<DataModel>({
  id: PHONE_PROVIDER_ID,
  authorize: async (params, ctx): Promise<{ userId: Id<"users"> } | null> => {
    onlyParams(params, ["phone", "code"]);
    const phone = normalisePhone(params.phone);
    if (phone === null) throw appError("INVALID", MESSAGES.invalidPhone);

    if (params.code === undefined) {
      const code = randomString(OTP_LENGTH, "0123456789");
      await ctx.runMutation(internal.authFlows.startPhoneCode, { phone, codeHash: hashCode(code) });
      await sendSms(ctx, phoneCodeSms({ phone, code }));
      return null;
    }

    const code = typeof params.code === "string" ? params.code.trim() : "";
    if (!/^\d{6}$/.test(code)) throw appError("INVALID", MESSAGES.invalidCode);
    const outcome: Outcome = await ctx.runMutation(internal.authFlows.redeemPhoneCode, { phone, codeHash: hashCode(code) });
    if (outcome.status === "locked") throw rateLimited(GUESS_LIMITS.phoneCode, outcome.retryAfterMs);
    if (outcome.status === "invalid") throw appError("INVALID", MESSAGES.invalidCode);
    // Two-factor is offered to password accounts only; refuse rather than skip it if
    // a phone account ever has it.
    if (await ctx.runQuery(internal.twoFactor.requiredFor, { userId: outcome.userId })) {
      throw appError("MFA_REQUIRED", MESSAGES.mfaRequired);
    }
    await ctx.runMutation(internal.legacy.signedIn, { userId: outcome.userId });
    return { userId: outcome.userId };
  },
});
