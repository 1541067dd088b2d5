// Every component convex/convex.config.ts mounts, with the components they mount in
// turn, registered on a convex-test backend under the paths Convex gives them.
import aggregate from "@convex-dev/aggregate/test";
import migrations from "@convex-dev/migrations/test";
import rateLimiter from "@convex-dev/rate-limiter/test";
import resend from "@convex-dev/resend/test";
import twilio from "@convex-dev/twilio/test";
import type { TestConvex } from "convex-test";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import { AGGREGATE_NAMES } from "../../convex/lib/counts/names";

type Backend = TestConvex<SchemaDefinition<GenericSchema, boolean>>;
type Glob = Record<string, () => Promise<unknown>>;

// Workpool's /test helper would pull its TypeScript sources into our typecheck, which
// they do not pass (an unused local); its built component (dist/) registers the same way.
const workpoolModules: Glob = import.meta.glob("../../node_modules/@convex-dev/workpool/dist/component/**/*.js");
const batchWorkerModules: Glob = import.meta.glob(
  "../../node_modules/@convex-dev/workpool/node_modules/@convex-dev/batch-worker/dist/component/**/*.js",
);

// Presence mounts its own batch-worker (its session timeouts), registered from that copy.
const presenceModules: Glob = import.meta.glob("../../node_modules/@convex-dev/presence/dist/component/**/*.js");
const presenceWorkerModules: Glob = import.meta.glob(
  "../../node_modules/@convex-dev/presence/node_modules/@convex-dev/batch-worker/dist/component/**/*.js",
);

// Sharded-counter: its built component imports "./_generated/server" without an extension, which
// vitest cannot resolve, so its TypeScript sources (what its own /test helper registers) are used.
const shardedCounterModules: Glob = import.meta.glob("../../node_modules/@convex-dev/sharded-counter/src/component/**/*.ts");

// Resend mounts its own rate-limiter version; registered from that copy, as a deployment bundles it.
const resendLimiterModules: Glob = import.meta.glob(
  "../../node_modules/@convex-dev/resend/node_modules/@convex-dev/rate-limiter/dist/component/**/*.js",
);

async function schemaOf(modules: Glob): Promise<SchemaDefinition<GenericSchema, boolean>> {
  const path = Object.keys(modules).find((p) => /\/component\/schema\.[jt]s$/.test(p))!;
  return ((await modules[path]()) as { default: SchemaDefinition<GenericSchema, boolean> }).default;
}
const workpoolSchema = await schemaOf(workpoolModules);
const batchWorkerSchema = await schemaOf(batchWorkerModules);
const resendLimiterSchema = await schemaOf(resendLimiterModules);
const shardedCounterSchema = await schemaOf(shardedCounterModules);
const presenceSchema = await schemaOf(presenceModules);
const presenceWorkerSchema = await schemaOf(presenceWorkerModules);

function registerWorkpool(t: Backend, name: string) {
  t.registerComponent(name, workpoolSchema, workpoolModules);
  t.registerComponent(`${name}/batchWorker`, batchWorkerSchema, batchWorkerModules);
}

export function registerComponents(t: Backend) {
  rateLimiter.register(t, "rateLimiter");
  resend.register(t, "resend");
  t.registerComponent("resend/rateLimiter", resendLimiterSchema, resendLimiterModules);
  registerWorkpool(t, "resend/emailWorkpool");
  registerWorkpool(t, "resend/callbackWorkpool");
  twilio.register(t, "twilio");
  registerWorkpool(t, "smsWorkpool");
  registerWorkpool(t, "importPool");
  migrations.register(t, "migrations");
  for (const name of AGGREGATE_NAMES) aggregate.register(t, name);
  t.registerComponent("assetCounts", shardedCounterSchema, shardedCounterModules);
  t.registerComponent("presence", presenceSchema, presenceModules);
  t.registerComponent("presence/batchWorker", presenceWorkerSchema, presenceWorkerModules);
}
