// Uploads one file to Convex storage through the app's /upload-file HTTP action,
// which refuses files over the size limit or of a type the app does not store
// while they arrive (Convex's upload URLs would take anything). XMLHttpRequest,
// not fetch, because only it reports how much of the body has been sent.
// An upload cut off by the network (no answer at all, as when the phone goes offline) is
// sent again once the browser is back online, so a photo picked on a train is not lost.
import { useAuthToken } from "@convex-dev/auth/react";
import { useCallback } from "react";
import type { Id } from "../../convex/_generated/dataModel";
import { convexSiteUrl } from "./convexSiteUrl";

/**
 * `onProgress` receives the share of the bytes sent so far, 0 to 1; `onOffline` is called when
 * the upload waits for the connection to come back.
 */
export type UploadFile = (blob: Blob, onProgress?: (sent: number) => void, onOffline?: () => void) => Promise<Id<"_storage">>;

const FAILED = "Upload failed. Please try again.";
// Online but unanswered (the server restarting): a few tries, further apart each time.
const ONLINE_TRIES = 3;
const RETRY_STEP_MS = 1000;

/** No HTTP answer came back: the network, not the server, said no. */
class NetworkFailure extends Error {}

function sendOnce(blob: Blob, token: string | null, onProgress?: (sent: number) => void): Promise<Id<"_storage">> {
  return new Promise<Id<"_storage">>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${convexSiteUrl()}/upload-file`);
    request.setRequestHeader("Content-Type", blob.type);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkFailure(FAILED));
    request.onload = () => {
      let reply: { storageId?: Id<"_storage">; error?: string } = {};
      try {
        reply = JSON.parse(request.responseText) as typeof reply;
      } catch {
        // A proxy's HTML error page: the generic message below.
      }
      if (request.status < 200 || request.status >= 300 || reply.storageId === undefined) {
        reject(new Error(reply.error ?? FAILED));
      } else {
        resolve(reply.storageId);
      }
    };
    request.send(blob);
  });
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
