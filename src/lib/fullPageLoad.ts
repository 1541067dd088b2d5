/**
 * Leaves the single-page app for a real page load of `url` ("a navigation error falls back
 * to a full page load"). Everything held in memory goes with it: routes, query caches, tokens.
 * A module of its own so tests can observe the call (jsdom cannot navigate).
 */
export function fullPageLoad(url: string): void {
  window.location.assign(url);
}
