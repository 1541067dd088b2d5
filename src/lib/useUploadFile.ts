// Uploads one file to Convex storage through the app's /upload-file HTTP action,
// which refuses files over the size limit or of a type the app does not store
// while they arrive (Convex's upload URLs would take anything).
import { useAuthToken } from "@convex-dev/auth/react";
import { useCallback } from "react";
import type { Id } from "../../convex/_generated/dataModel";
import { convexSiteUrl } from "./convexSiteUrl";

export type UploadFile = (blob: Blob) => Promise<Id<"_storage">>;

export function useUploadFile(): UploadFile {
  const token = useAuthToken();
  return useCallback(
    async (blob: Blob) => {
      const response = await fetch(`${convexSiteUrl()}/upload-file`, {
        method: "POST",
        headers: { "Content-Type": blob.type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: blob,
      });
      const reply = (await response.json().catch(() => ({}))) as { storageId?: Id<"_storage">; error?: string };
      if (!response.ok || reply.storageId === undefined) throw new Error(reply.error ?? "Upload failed. Please try again.");
      return reply.storageId;
    },
    [token],
  );
}
