// A client acting as each kind of caller of the permission matrix, shared by the
// permission matrix, the fuzzer and the size caps.
import { fundedUser } from "./assets-support";
import type { Caller } from "./permission-types";
import type { Backend, Client } from "./setup";

const OPTIONS: Record<Exclude<Caller, "anonymous">, Parameters<typeof fundedUser>[2]> = {
  influencer: {},
  moderator: { role: "moderator" },
  business: { isBusinessUser: true },
  // The flag alone: sees the admin views, holds no admin permission.
  adminInfluencer: { isAdminInfluencer: true },
  admin: { role: "admin" },
};

/** `t` itself for anonymous, else a new user of that kind holding `funds` TMT. */
export async function clientFor(t: Backend, caller: Caller, funds = 0): Promise<Backend | Client> {
  if (caller === "anonymous") return t;
  return (await fundedUser(t, funds, OPTIONS[caller])).as;
}
