// Draws the app's PNG icons (home screen, splash, Apple touch icon) from the favicon's design:
// the white "T" on indigo. Run once after changing the design: node scripts/make-icons.mjs
// (uses the E2E tests' Chromium); the PNGs are committed in public/icons/.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const OUT = fileURLToPath(new URL("../public/icons/", import.meta.url));
const T = '<path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="#fff"/>';
// "any": the favicon's rounded square. "maskable" and Apple's: full bleed (the platform rounds
// it), the mark inside the middle 80% that every mask keeps.
const ROUNDED = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#4f46e5"/>${T}</svg>`;
const FULL = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(16 17) scale(0.75) translate(-16 -17)">${T}</g></svg>`;
const ICONS = [
  { name: "icon-192.png", size: 192, svg: ROUNDED },
  { name: "icon-512.png", size: 512, svg: ROUNDED },
  { name: "maskable-512.png", size: 512, svg: FULL },
  { name: "apple-touch-icon-180.png", size: 180, svg: FULL },
];

const { default: sparticuz } = await import("@sparticuz/chromium");
const browser = await chromium.launch({ executablePath: await sparticuz.executablePath(), args: ["--no-sandbox"] });
try {
  mkdirSync(OUT, { recursive: true });
  for (const { name, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    writeFileSync(OUT + name, await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
