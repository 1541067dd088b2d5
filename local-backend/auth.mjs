// Verifies the RS256 JWTs Convex Auth issues (iss = CONVEX_SITE_URL,
// aud = "convex") against the JWKS the backend generated, and turns the
// claims into the UserIdentity Convex hands to functions.
import { createLocalJWKSet, jwtVerify } from "jose";

// UserIdentity attribute <- JWT claim, as Convex documents on UserIdentity.
const CLAIMS = {
  sub: "subject",
  iss: "issuer",
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};
const DROPPED = new Set(["aud", "iat", "exp", "nbf", "jti"]);

export class AuthError extends Error {}

/** @param {{ JWKS: string, CONVEX_SITE_URL: string }} env */
export function createVerifier(env) {
  const jwks = createLocalJWKSet(JSON.parse(env.JWKS));
  const issuer = env.CONVEX_SITE_URL;
  /** @returns {Promise<{ identity: Record<string, unknown>, expiresAt: number | null }>} */
  return async function verify(token) {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer, audience: "convex", algorithms: ["RS256"] }));
    } catch (e) {
      const reason = e?.code === "ERR_JWT_EXPIRED" ? "Token expired" : `Could not verify token: ${e?.message ?? e}`;
      throw new AuthError(
        `Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired. (${reason})`,
      );
    }
    if (typeof payload.sub !== "string" || typeof payload.iss !== "string") {
      throw new AuthError("Could not verify OIDC token claim: the token has no `sub` or `iss` claim.");
    }
    const identity = { tokenIdentifier: `${payload.iss}|${payload.sub}` };
    for (const [claim, value] of Object.entries(payload)) {
      if (DROPPED.has(claim)) continue;
      identity[CLAIMS[claim] ?? claim] = value;
    }
    return { identity, expiresAt: typeof payload.exp === "number" ? payload.exp * 1000 : null };
  };
}
