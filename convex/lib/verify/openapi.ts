// The public verify API's contract: the answer's validator (the server's return type) and the
// OpenAPI 3.1 document served at /api/v1/openapi.json, written from the same lists so they agree.
import { v } from "convex/values";
import { ASSET_KINDS, ASSET_STATUSES, assetKindValidator, assetStatusValidator } from "../assets/tables";
import { SERIAL_PATTERN } from "../assets/serial";
import { verifyFactValidator, verifyFacts } from "./facts";
import { MAX_SERIAL_SEGMENT, VERIFY_API_EXAMPLE, VERIFY_API_MESSAGES, VERIFY_API_PER_MINUTE, VERIFY_API_PREFIX } from "./apiRules";

export const verifyApiAssetValidator = v.object({
  serial: v.string(),
  name: v.string(),
  kind: assetKindValidator,
  status: assetStatusValidator,
  owner: v.string(),
  taggedAt: v.string(),
  facts: v.array(verifyFactValidator),
  reportedStolenAt: v.optional(v.string()),
  photoUrl: v.optional(v.string()),
});

/** The documented example's facts (this document and /documentation quote them). */
export const VERIFY_API_EXAMPLE_FACTS = verifyFacts({ kind: VERIFY_API_EXAMPLE.kind, details: { kind: VERIFY_API_EXAMPLE.kind, ...VERIFY_API_EXAMPLE.identity } });

const errorBody = (description: string, example: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { error: example } } },
});
const corsHeader = { "Access-Control-Allow-Origin": { $ref: "#/components/headers/AllowOrigin" } };

/** The OpenAPI 3.1 document; `siteUrl` is the deployment's HTTP actions origin. */
export function openApiDocument(siteUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "TagMyThing verify API",
      version: "1.0.0",
      description:
        "Check a TagMyThing serial number: what the item is (with its maker, model, colour and maker's serial where its owner " +
        "recorded them), its status (lost or stolen items say so, a stolen one with the day it was reported) and its masked owner, " +
        "as the public /verify page shows it. No key is needed. Private assets answer exactly as unknown serials. " +
        `Each client address may make ${VERIFY_API_PER_MINUTE} requests a minute; past that the answer is 429 with Retry-After.`,
    },
    servers: [{ url: siteUrl }],
    paths: {
      [`${VERIFY_API_PREFIX}{serial}`]: {
        get: {
          operationId: "verifySerial",
          summary: "Verify a serial number",
          parameters: [
            {
              name: "serial",
              in: "path",
              required: true,
              description: `The serial on the tag, e.g. ${VERIFY_API_EXAMPLE.serial} (case-insensitive; spaces for dashes are read too).`,
              schema: { type: "string", maxLength: MAX_SERIAL_SEGMENT },
            },
          ],
          responses: {
            "200": {
              description: "A registered public asset.",
              headers: corsHeader,
              content: { "application/json": { schema: { $ref: "#/components/schemas/Asset" } } },
            },
            "400": { ...errorBody("Not a serial number (the format is TMT-XXXX-XXXX).", VERIFY_API_MESSAGES.invalid), headers: corsHeader },
            "404": { ...errorBody("No public asset has this serial.", VERIFY_API_MESSAGES.notFound), headers: corsHeader },
            "429": {
              ...errorBody("This client made too many requests.", VERIFY_API_MESSAGES.limited),
              headers: {
                ...corsHeader,
                "Retry-After": {
                  description: "Seconds until a request would succeed again.",
                  schema: { type: "integer", minimum: 1 },
                },
              },
            },
          },
        },
      },
    },
    components: {
      headers: {
        AllowOrigin: { description: "Any origin may read the answer.", schema: { type: "string", const: "*" } },
      },
      schemas: {
        Asset: {
          type: "object",
          additionalProperties: false,
          required: ["serial", "name", "kind", "status", "owner", "taggedAt", "facts"],
          properties: {
            serial: { type: "string", pattern: SERIAL_PATTERN.source, examples: [VERIFY_API_EXAMPLE.serial] },
            name: { type: "string" },
            kind: { type: "string", enum: [...ASSET_KINDS] },
            status: { type: "string", enum: [...ASSET_STATUSES], description: "lost and stolen items are flagged here." },
            owner: { type: "string", description: "The owner's name or email, masked (e.g. M*** M*****).", examples: ["M*** M*****"] },
            taggedAt: { type: "string", format: "date-time", description: "When the asset was tagged (ISO 8601, UTC)." },
            facts: {
              type: "array",
              description:
                "What identifies the item, as the verify page lists it: maker, model, colour, the maker's serial (frame number, IMEI; " +
                "masked unless the owner shows it whole) and the owner's own fields marked for verify. Only those recorded appear.",
              items: { $ref: "#/components/schemas/Fact" },
              examples: [VERIFY_API_EXAMPLE_FACTS],
            },
            reportedStolenAt: { type: "string", format: "date-time", description: "While the item is stolen: when the theft was reported (ISO 8601, UTC); nothing else of the report." },
            photoUrl: { type: "string", format: "uri", description: "The cover photo; absent when the asset has none." },
          },
        },
        Fact: {
          type: "object",
          additionalProperties: false,
          required: ["label", "value"],
          properties: {
            label: { type: "string" },
            value: { type: "string", description: "The fact as text (an amount as in en-GB, e.g. €1,200.00)." },
            money: {
              type: "object",
              additionalProperties: false,
              required: ["amount", "currency"],
              description: "For an amount: it in the currency's minor units (cents, pence) and its ISO 4217 code.",
              properties: { amount: { type: "integer" }, currency: { type: "string", pattern: "^[A-Z]{3}$" } },
            },
          },
        },
        Error: {
          type: "object",
          additionalProperties: false,
          required: ["error"],
          properties: { error: { type: "string" } },
        },
      },
    },
  };
}
