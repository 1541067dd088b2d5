import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { submitBugReport, submitBugReportPreflight } from "./lib/bugReports/http";
import { uploadFile } from "./lib/assets/uploadHttp";
import { uploadImportZip } from "./lib/ports/uploadHttp";
import { appOriginPreflight } from "./lib/httpCors";
import { verifyOpenApi, verifyPreflight, verifySerial } from "./lib/verify/api";
import { OPENAPI_PATH, VERIFY_API_PREFIX } from "./lib/verify/apiRules";
import { TWILIO_STATUS_PATH } from "./lib/outbound";
import { resendWebhook, twilioStatus } from "./lib/outboundHttp";

const http = httpRouter();

auth.addHttpRoutes(http);

// Bug-report widget: the submit-bug-report call and its CORS preflight.
http.route({ path: "/submit-bug-report", method: "POST", handler: submitBugReport });
http.route({ path: "/submit-bug-report", method: "OPTIONS", handler: submitBugReportPreflight });

// Asset photos and documents, size- and type-checked while they arrive.
http.route({ path: "/upload-file", method: "POST", handler: uploadFile });
http.route({ path: "/upload-file", method: "OPTIONS", handler: appOriginPreflight });
// A workspace import's ZIP files, owners and admins only, size-capped while they arrive.
http.route({ path: "/import-zip", method: "POST", handler: uploadImportZip });
http.route({ path: "/import-zip", method: "OPTIONS", handler: appOriginPreflight });

// The public verify API (any origin, limited per client address) and its OpenAPI document.
http.route({ pathPrefix: VERIFY_API_PREFIX, method: "GET", handler: verifySerial });
http.route({ pathPrefix: VERIFY_API_PREFIX, method: "OPTIONS", handler: verifyPreflight });
http.route({ path: OPENAPI_PATH, method: "GET", handler: verifyOpenApi });
http.route({ path: OPENAPI_PATH, method: "OPTIONS", handler: verifyPreflight });
// Delivery status from the e-mail and SMS providers (lib/outbound.ts sends through them).
http.route({ path: "/resend-webhook", method: "POST", handler: resendWebhook });
http.route({ path: TWILIO_STATUS_PATH, method: "POST", handler: twilioStatus });

export default http;
