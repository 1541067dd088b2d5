// POSTs a file's bytes and reports how much of them has been sent. XMLHttpRequest, not fetch,
// because only it reports the progress of a request's body: a 20 MiB part on a phone's
// connection takes long enough that the user must see it move.

/** No HTTP answer came back: the network, not the server, said no. */
export class NetworkFailure extends Error {}

/** The HTTP status and the JSON reply (an empty object when the reply was not JSON, as a proxy's HTML error page). */
type Posted = { status: number; ok: boolean; reply: Record<string, unknown> };

/** `onProgress` receives the share of the bytes sent so far, 0 to 1; a network failure rejects with NetworkFailure(`failed`). */
export function postBlob(url: string, blob: Blob, headers: Record<string, string>, failed: string, onProgress?: (sent: number) => void): Promise<Posted> {
  return new Promise<Posted>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new NetworkFailure(failed));
    request.onload = () => {
      let reply: unknown = null;
      try {
        reply = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the caller's generic message.
      }
      const ok = request.status >= 200 && request.status < 300;
      resolve({ status: request.status, ok, reply: reply !== null && typeof reply === "object" ? (reply as Record<string, unknown>) : {} });
    };
    request.send(blob);
  });
}
