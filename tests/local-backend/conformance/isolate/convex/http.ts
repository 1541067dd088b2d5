import { httpActionGeneric, httpRouter } from "convex/server";

const http = httpRouter();
http.route({ path: "/ping", method: "GET", handler: httpActionGeneric(async () => new Response("pong")) });
export default http;
