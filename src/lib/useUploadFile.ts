// Uploads one file to Convex storage through the app's /upload-file HTTP action,
// which refuses files over the size limit or of a type the app does not store
// while they arrive (Convex's upload URLs would take anything). XMLHttpRequest,
// not fetch, because only it reports how much of the body has been sent.
import { useAuthToken } from "@convex-dev/auth/react";
import { useCallback } from "react";
import type { Id } from "../../convex/_generated/dataModel";
import { convexSiteUrl } from "./convexSiteUrl";

/** `onProgress` receives the share of the bytes sent so far, 0 to 1. */
export type UploadFile = (blob: Blob, onProgress?: (sent: number) => void) => Promise<Id<"_storage">>;

const FAILED = "Upload failed. Please try again.";

export function useUploadFile(): UploadFile {
  const token = useAuthToken();
  return useCallback(
    (blob: Blob, onProgress?: (sent: number) => void) =>
      new Promise<Id<"_storage">>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open("POST", `${convexSiteUrl()}/upload-file`);
        request.setRequestHeader("Content-Type", blob.type);
        if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
        };
        request.onerror = () => reject(new Error(FAILED));
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
      }),
    [token],
  );
}
