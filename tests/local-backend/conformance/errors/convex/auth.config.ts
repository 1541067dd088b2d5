// One custom JWT provider whose JWKS (served by this app's own HTTP route) has two keys.
export default {
  providers: [
    {
      type: "customJwt",
      issuer: "https://issuer.test",
      applicationID: "conformance",
      algorithm: "RS256",
      jwks: `${process.env.CONVEX_SITE_URL}/jwks`,
    },
  ],
};
