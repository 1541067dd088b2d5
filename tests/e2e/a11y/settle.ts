// When is a page "loaded"? Spinners alone do not tell: React Router navigates in a
// transition, so while a lazy route's chunk loads the previous page stays on screen with no
// spinner at all, and some pages show "Loading…" text or a bare "…" instead of a spinner.
// This script, installed in every page of a context before the app starts, tracks what the
// app is waiting for; settle() then waits until none of it is pending for a quiet spell:
//   react    React has work pending (a suspended route, a redirect not yet rendered): its root
//            (found on the #root container) has pending lanes.
//   convex   a query set, identity or mutation/action the Convex socket has not been answered on.
//   fetch    an HTTP fetch in flight.
//   loading  a loading indicator on screen: .animate-spin/.animate-pulse, [aria-busy=true], or
//            a text that starts with "Loading" or is only "…".
//   dom      any DOM mutation restarts the quiet spell.
import type { BrowserContext, Page } from "playwright-core";

interface SettleState {
  /** What the page is still waiting for ("" once idle); while busy it restarts the quiet spell. */
  busy: () => string;
  sockets: Set<{ wantQuerySet: number; gotQuerySet: number; wantIdentity: number; gotIdentity: number; requests: Set<string> }>;
  fetches: number;
  lastChange: number;
}

declare global {
  interface Window {
    __settle?: SettleState;
  }
}

function install(): void {
  const state: SettleState = { busy, sockets: new Set(), fetches: 0, lastChange: performance.now() };
  window.__settle = state;

  function busy(): string {
    const reason = (() => {
      // React's root (FiberRoot) hangs off its container; pending lanes mean work in flight.
      const container = document.getElementById("root") as (HTMLElement & Record<string, { stateNode?: { pendingLanes: number } }>) | null;
      const key = container ? Object.keys(container).find((k) => k.startsWith("__reactContainer$")) : undefined;
      if (key && container![key].stateNode?.pendingLanes) return "react";
      for (const c of state.sockets)
        if (c.gotQuerySet < c.wantQuerySet || c.gotIdentity < c.wantIdentity || c.requests.size > 0) return "convex";
      if (state.fetches > 0) return "fetch";
      const indicator = document.querySelector(".animate-spin, .animate-pulse, [aria-busy='true']");
      if (indicator) return `loading indicator ${indicator.outerHTML.slice(0, 100)}`;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? "";
        if (text === "…" || /^Loading\b/i.test(text)) return `loading text "${text}"`;
      }
      return "";
    })();
    if (reason) state.lastChange = performance.now();
    return reason;
  }
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const s = { wantQuerySet: 0, gotQuerySet: 0, wantIdentity: 0, gotIdentity: 0, requests: new Set<string>() };
      state.sockets.add(s);
      this.addEventListener("close", () => state.sockets.delete(s));
      this.addEventListener("message", (event: MessageEvent) => {
        if (typeof event.data !== "string") return;
        const m = JSON.parse(event.data) as { type: string; requestId?: string; endVersion?: { querySet: number; identity: number } };
        if (m.type === "Transition" && m.endVersion) {
          s.gotQuerySet = Math.max(s.gotQuerySet, m.endVersion.querySet);
          s.gotIdentity = Math.max(s.gotIdentity, m.endVersion.identity);
        } else if ((m.type === "MutationResponse" || m.type === "ActionResponse") && m.requestId !== undefined) {
          s.requests.delete(String(m.requestId));
        }
      });
      const send = this.send.bind(this);
      this.send = (data) => {
        if (typeof data === "string") {
          const m = JSON.parse(data) as { type: string; newVersion?: number; baseVersion?: number; requestId?: string };
          if (m.type === "ModifyQuerySet" && m.newVersion !== undefined) s.wantQuerySet = Math.max(s.wantQuerySet, m.newVersion);
          else if (m.type === "Authenticate" && m.baseVersion !== undefined) s.wantIdentity = Math.max(s.wantIdentity, m.baseVersion + 1);
          else if ((m.type === "Mutation" || m.type === "Action") && m.requestId !== undefined) s.requests.add(String(m.requestId));
        }
        send(data);
      };
    }
  };

  const nativeFetch = window.fetch;
  window.fetch = function (...args: Parameters<typeof fetch>) {
    state.fetches++;
    return nativeFetch.apply(this, args).finally(() => state.fetches--);
  };

  new MutationObserver(() => {
    state.lastChange = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Installs the tracking in every page the context opens from now on. */
export async function trackSettling(context: BrowserContext): Promise<void> {
  await context.addInitScript(install);
}

/**
 * Waits until the page has nothing pending and the DOM has not changed for `quietMs`.
 * Returns null once settled, else what it was still waiting for when `timeoutMs` ran out.
 */
export async function settle(page: Page, { quietMs = 60, timeoutMs = 10_000 } = {}): Promise<string | null> {
  const ok = await page
    .waitForFunction(
      (quiet) => {
        const s = window.__settle;
        return !s || (!s.busy() && performance.now() - s.lastChange >= quiet);
      },
      quietMs,
      { polling: 25, timeout: timeoutMs },
    )
    .then(() => true)
    .catch(() => false);
  if (ok) return null;
  return (await page.evaluate(() => window.__settle?.busy())) || "DOM still changing";
}
