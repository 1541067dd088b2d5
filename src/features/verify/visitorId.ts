const KEY = "tmt-visitor-id";

/**
 * A random id this browser keeps, so the server can rate-limit visit alerts and found
 * reports per visitor. It says nothing about who the visitor is and is never shown.
 */
export function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(KEY);
    if (id === null || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
