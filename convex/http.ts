import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { submitBugReport, submitBugReportPreflight } from "./lib/bugReports/http";

const http = httpRouter();

auth.addHttpRoutes(http);

// Bug-report widget (issue 6): the spec's submit-bug-report call and its CORS preflight.
http.route({ path: "/submit-bug-report", method: "POST", handler: submitBugReport });
http.route({ path: "/submit-bug-report", method: "OPTIONS", handler: submitBugReportPreflight });

export default http;
