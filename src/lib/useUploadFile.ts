// Uploads one file to Convex storage through the app's /upload-file HTTP action,
// which refuses files over the size limit or of a type the app does not store
// while they arrive (Convex's upload URLs would take anything), with its progress (postBlob).
// An upload cut off by the network (no answer at all, as when the phone goes offline) is
// sent again once the browser is back online, so a photo picked on a train is not lost.
import { useAuthToken } from "@convex-dev/auth/react";
import { useCallback } from "react";
import type { Id } from "../../convex/_generated/dataModel";
import { convexSiteUrl } from "./convexSiteUrl";
import { NetworkFailure, postBlob } from "./postBlob";

/**
 * `onProgress` receives the share of the bytes sent so far, 0 to 1; `onOffline` is called when
 * the upload waits for the connection to come back.
 */
export type UploadFile = (blob: Blob, onProgress?: (sent: number) => void, onOffline?: () => void) => Promise<Id<"_storage">>;

const FAILED = "Upload failed. Please try again.";
// Online but unanswered (the server restarting): a few tries, further apart each time.
const ONLINE_TRIES = 3;
const RETRY_STEP_MS = 1000;

async function sendOnce(blob: Blob, token: string | null, onProgress?: (sent: number) => void): Promise<Id<"_storage">> {
  const headers: Record<string, string> = { "Content-Type": blob.type, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const { ok, reply } = await postBlob(`${convexSiteUrl()}/upload-file`, blob, headers, FAILED, onProgress);
  if (!ok || typeof reply.storageId !== "string") throw new Error(typeof reply.error === "string" ? reply.error : FAILED);
  return reply.storageId as Id<"_storage">;
}

function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

export function useUploadFile(): UploadFile {
  const token = useAuthToken();
  return useCallback(
    async (blob: Blob, onProgress?: (sent: number) => void, onOffline?: () => void) => {
      for (let tries = 1; ; ) {
        try {
          return await sendOnce(blob, token, onProgress);
        } catch (error) {
          // The server's refusal (size, type) stands; only a cut-off connection is worth another go.
          if (!(error instanceof NetworkFailure)) throw error;
          if (!navigator.onLine) {
            onOffline?.();
            await backOnline();
            continue;
          }
          if (tries >= ONLINE_TRIES) throw error;
          await new Promise((resolve) => setTimeout(resolve, RETRY_STEP_MS * tries));
          tries += 1;
        }
      }
    },
    [token],
  );
}
