export default {
  providers: [
    {
      // Convex reads this file when deploying, before functions run; the site URL is
      // the issuer of the JWTs that Convex Auth signs.
      // eslint-disable-next-line @convex-dev/no-process-env
      domain: process.env.CONVEX_SITE_URL,
      applicationID: "convex",
    },
  ],
};
