// Kept for its old command; bench/bundle-size.mjs measures the landing route (and every other).
// Usage: node bench/landing-size.mjs
import { main } from "./bundle-size.mjs";

await main();
