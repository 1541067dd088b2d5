// The JWKS of auth.config.ts: the deployment's own key (kid "own") and another (kid "other", public only),
// and a route that fails with a ConvexError.
import { httpActionGeneric, httpRouter } from "convex/server";
import { ConvexError } from "convex/values";

const OTHER_KEY = {"kty":"RSA","n":"yJ69mWY9rXlEICBjMf8-l7cF9HYeSdqByD3cKi4hzHU6vELa4fGtlhCEwO_TFqrJMeIFPc2-HxQ7yYJK_QDLaBqk8TW0KcachSRccavZOFSolcil_q8H5c1roIC2qilqmZf3Fis7gKE5ojQPXTjmL6F3ogjvtLJ4X8pMZalUruXwXVzUscQWj6mJssYgZkS1Ig-sGPbPv2BVsHbizKixFKDMe-KeqWz_X9PrNuewU_UPodztuWMlqoWNL1iTY_d9z_8JOtjS4OY4xynGDrfk1Dp5kLZAAwIwlGF3kPthCPcvRqTq_Y66wlPWSXCnUlSiGVwW-3JjvP9jM_qlG_qAjQ","e":"AQAB"};

const http = httpRouter();
http.route({
  path: "/jwks",
  method: "GET",
  handler: httpActionGeneric(async () => {
    const own = (JSON.parse(process.env.JWKS ?? "{}") as { keys: object[] }).keys[0];
    return Response.json({ keys: [{ ...own, kid: "own", alg: "RS256" }, { ...OTHER_KEY, kid: "other", alg: "RS256", use: "sig" }] });
  }),
});
http.route({
  path: "/fail",
  method: "POST",
  handler: httpActionGeneric(async () => {
    throw new ConvexError({ reason: "out of stock", left: 0 });
  }),
});
export default http;
