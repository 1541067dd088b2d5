/// <reference types="vite-plugin-pwa/vanillajs" />
// The service worker build/pwa.ts generates: registered after the first page is up, through
// vite-plugin-pwa's own client (workbox-window), which reloads the page once when a new build's
// worker takes over, so nobody keeps running an old app against chunks it no longer has.
// `vite dev` generates no worker: there the module is the plugin's no-op.
import { registerSW } from "virtual:pwa-register";

export function registerServiceWorker(): void {
  void registerSW({ immediate: true });
}
