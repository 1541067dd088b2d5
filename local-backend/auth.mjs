// Verifies tokens as Convex does: only the providers of convex/auth.config.ts
// are trusted (an OIDC `domain` + `applicationID`, or a `customJwt` issuer
// with its JWKS); tokens of the deployment's own site (Convex Auth) are
// checked against the JWKS the backend generated. The claims become the
// UserIdentity Convex hands to functions.
// https://docs.convex.dev/auth/advanced/custom-auth, https://docs.convex.dev/auth/advanced/custom-jwt
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";

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

const remoteKeys = new Map();
const remote = (url) => {
  if (!remoteKeys.has(url)) remoteKeys.set(url, createRemoteJWKSet(new URL(url)));
  return remoteKeys.get(url);
};

/** The auth.config.ts provider that would accept a token with this issuer and audience. */
function providerFor(providers, iss, aud) {
  const audiences = Array.isArray(aud) ? aud : [aud];
  return providers.find((p) => {
    const issuer = p.type === "customJwt" ? p.issuer : p.domain;
    if (!issuer || issuer.replace(/\/$/, "") !== String(iss).replace(/\/$/, "")) return false;
    return p.applicationID === undefined || audiences.includes(p.applicationID);
  });
}

/**
 * @param {{ JWKS: string, CONVEX_SITE_URL: string }} env
 * @param {() => any[]} providers the providers of convex/auth.config.ts (current code)
 */
export function createVerifier(env, providers) {
  const ownKeys = createLocalJWKSet(JSON.parse(env.JWKS));
  /** @returns {Promise<{ identity: Record<string, unknown>, expiresAt: number | null }>} */
  return async function verify(token) {
    let payload;
    try {
      const claims = decodeJwt(token);
      const provider = providerFor(providers(), claims.iss, claims.aud);
      if (!provider) throw new AuthError("No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your configured providers in auth.config.ts.");
      const iss = String(claims.iss);
      const keys = iss === env.CONVEX_SITE_URL ? ownKeys : remote(provider.jwks ?? `${iss.replace(/\/$/, "")}/.well-known/jwks.json`);
      const options = { issuer: iss, algorithms: provider.algorithm ? [provider.algorithm] : ["RS256", "ES256"] };
      if (provider.applicationID !== undefined) options.audience = provider.applicationID;
      ({ payload } = await jwtVerify(token, keys, options));
    } catch (e) {
      if (e instanceof AuthError) throw e;
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
