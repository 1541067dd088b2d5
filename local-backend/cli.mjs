// Shared by the command-line entry points (npm run dev / backend).
import { OldFormatError } from "./database.mjs";
import { startBackend } from "./index.mjs";

/** Starts the backend; an old data dir is a message for the user, not a crash. */
export async function startBackendOrExplain(options) {
  try {
    return await startBackend(options);
  } catch (e) {
    if (!(e instanceof OldFormatError)) throw e;
    console.error(`[backend] ${e.message}`);
    process.exit(1);
  }
}
