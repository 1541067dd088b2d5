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

/** A refused token, with Convex's error code (crates/authentication/src/lib.rs). */
export class AuthError extends Error {
  constructor(message, code = "InvalidAuthHeader") {
    super(message);
    this.code = code;
  }
}

// Convex's allowance for clock skew on a custom JWT's times (`TemporalOptions` epsilon).
const SKEW_SECONDS = 5;

/** Convex's "no provider" message, naming the configured providers. */
function noProviderMessage(providers) {
  if (providers.length === 0) return "No auth provider found matching the given token (no providers configured). Check convex/auth.config.ts.";
  const names = providers.map((p) => (p.type === "customJwt" ? `CustomJWT(issuer=${p.issuer}, app_id=${p.applicationID ?? "none"})` : `OIDC(domain=${p.domain}, app_id=${p.applicationID})`));
  return `No auth provider found matching the given token. Check that your JWT's issuer and audience match one of your configured providers: [${names.join(", ")}]`;
}

/** The token of an `Authorization` header (null without one); anything but `Bearer <token>` is refused, as on Convex. */
export function bearerToken(header) {
  // `Convex <admin key>` (ConvexHttpClient's setAdminAuth) is not a user's token.
  if (header === undefined || header === null || header.startsWith("Convex ")) return null;
  if (header.length <= 7 || header.slice(0, 7).toLowerCase() !== "bearer ") throw new AuthError("Header must begin with `bearer `");
  return header.slice(7).trim();
}

/**
 * A JWKS lookup that refuses a token without `kid` when several keys could
 * verify it (jose would try each; Convex's decoder needs the key named).
 */
const needingKid = (keys, custom) => async (header, token) => {
  try {
    return await keys(header, token);
  } catch (e) {
    if (e?.code !== "ERR_JWKS_MULTIPLE_MATCHING_KEYS") throw e;
    throw custom
      ? new AuthError("Could not decode token. JWT may be missing a 'kid' (key ID) header.")
      : new AuthError(OIDC_UNVERIFIED, "Unauthenticated");
  }
};
const OIDC_UNVERIFIED = "Could not verify OIDC token claim. Check that the token signature is valid and the token hasn't expired.";

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
 * @param {Record<string, string>} env the deployment's variables (JWKS, CONVEX_SITE_URL)
 * @param {() => any[]} providers the providers of convex/auth.config.ts (current code)
 */
export function createVerifier(env, providers) {
  const ownKeys = createLocalJWKSet(JSON.parse(env.JWKS));
  /** @returns {Promise<{ identity: Record<string, unknown>, expiresAt: number | null }>} */
  return async function verify(token) {
    let payload;
    let claims;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new AuthError("Could not parse JWT payload. Check that the token is a valid JWT format with three base64-encoded parts separated by dots.");
    }
    if (claims.iss === undefined) {
      throw new AuthError("Missing issuer claim ('iss') in JWT payload. The JWT must include an 'iss' claim that matches one of your configured auth providers.");
    }
    const configured = providers();
    const provider = providerFor(configured, claims.iss, claims.aud);
    if (!provider) throw new AuthError(noProviderMessage(configured), "NoAuthProvider");
    const custom = provider.type === "customJwt";
    try {
      const iss = String(claims.iss);
      const keys = iss === env.CONVEX_SITE_URL ? ownKeys : remote(provider.jwks ?? `${iss.replace(/\/$/, "")}/.well-known/jwks.json`);
      /** @type {import("jose").JWTVerifyOptions} */
      const options = { issuer: iss, algorithms: provider.algorithm ? [provider.algorithm] : ["RS256", "ES256"], ...(custom ? { clockTolerance: SKEW_SECONDS } : {}) };
      if (provider.applicationID !== undefined) options.audience = provider.applicationID;
      ({ payload } = await jwtVerify(token, needingKid(keys, custom), options));
    } catch (e) {
      if (e instanceof AuthError) throw e;
      // Convex answers a custom JWT's failures as InvalidAuthHeader, an OIDC token's as Unauthenticated.
      if (custom) throw new AuthError(`Could not validate token: ${e?.message ?? e}`);
      throw new AuthError(OIDC_UNVERIFIED, "Unauthenticated");
    }
    // A custom JWT issued in the future (beyond the skew) is not valid yet on Convex; jose checks only exp and nbf.
    if (custom && typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + SKEW_SECONDS) {
      throw new AuthError("Could not validate token: the token is issued in the future (iat)");
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
