// TagMyThing's own start-up work on the local backend (the generic server knows
// none of it): demo data on an empty data directory (convex/seed.ts), then the
// schema migrations and the counts catch-up, as `npm run deploy` runs them on
// Convex. Run on every start and after every reload of a watched convex/.
import { OldFormatError } from "../local-backend/database.mjs";
import { startBackend } from "../local-backend/index.mjs";

const SEED = "seed:run";
// The migrations runner (convex/migrations.ts): the component skips what already ran.
const MIGRATIONS = "migrations:runAll";
// Counts added by a release start from zero on older data; this recounts it then (convex/counts.ts).
const COUNTS_CATCH_UP = "counts:backfillIfBehind";

/**
 * @typedef {import("../local-backend/index.mjs").Backend} Backend
 * @typedef {Awaited<ReturnType<Backend["run"]>>} FunctionResult
 * @typedef {Backend & { seeded: FunctionResult | null, migrated: FunctionResult | null }} AppBackend
 */

/**
 * Starts the backend with the app's start-up work. `seeded`: seed:run's result when it ran
 * (an empty data directory, `seed` not false); `migrated`: migrations:runAll's on this start.
 * @param {import("../local-backend/index.mjs").StartBackendOptions & { seed?: boolean }} [options]
 * @returns {Promise<AppBackend>}
 */
export async function startApp(options = {}) {
  const { seed = true, ...rest } = options;
  const log = rest.log ?? ((m) => console.log(`[backend] ${m}`));
  const first = { seeded: null, migrated: null };
  const backend = await startBackend({
    ...rest,
    afterLoad: async (b, { startedEmpty, reload }) => {
      if (!reload && seed && startedEmpty && b.hasFunction(SEED)) {
        first.seeded = await b.run(SEED);
        log(first.seeded.ok ? "Seeded demo data (seed:run)" : `seed:run failed: ${first.seeded.message}`);
      }
      const migrated = await migrate(b, log);
      if (!reload) first.migrated = migrated;
    },
  });
  return Object.assign(backend, first);
}

/** Brings a data directory written by older code up to the current schema and counts. */
async function migrate(backend, log) {
  if (!backend.hasFunction(MIGRATIONS)) return null;
  const started = await backend.run(MIGRATIONS);
  if (!started.ok) log(`${MIGRATIONS} failed: ${started.message}`);
  if (backend.hasFunction(COUNTS_CATCH_UP)) {
    const counted = await backend.run(COUNTS_CATCH_UP);
    if (!counted.ok) log(`${COUNTS_CATCH_UP} failed: ${counted.message}`);
    else if (counted.value === true) log("Counting the assets of data written before the asset counters (counts:backfill)");
  }
  return started;
}

/**
 * startApp for the command line: a data directory in an old format is a message, not a crash.
 * @param {Parameters<typeof startApp>[0]} options
 */
export async function startAppOrExplain(options) {
  try {
    return await startApp(options);
  } catch (e) {
    if (!(e instanceof OldFormatError)) throw e;
    console.error(`[backend] ${e.message}`);
    process.exit(1);
  }
}
