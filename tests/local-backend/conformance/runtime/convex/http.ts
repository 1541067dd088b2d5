import { httpActionGeneric, httpRouter } from "convex/server";

const http = httpRouter();
http.route({
  path: "/whereami",
  method: "GET",
  handler: httpActionGeneric(async (_ctx, request) => new Response(request.url)),
});
export default http;
