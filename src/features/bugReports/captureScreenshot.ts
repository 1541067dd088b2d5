import {
  SCREENSHOT_DELAY_MS,
  SCREENSHOT_IMAGE_TIMEOUT_MS,
  SCREENSHOT_QUALITY,
  SCREENSHOT_SCALE,
} from "../../../convex/lib/bugReports/rules";
import { IGNORE_ATTRIBUTE } from "../../lib/notInScreenshots";

// A transparent pixel for images that cannot be fetched within the timeout.
const PLACEHOLDER = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function keep(node: Node): boolean {
  if (!(node instanceof Element)) return true;
  return !node.hasAttribute(IGNORE_ATTRIBUTE) && !node.hasAttribute("data-sonner-toaster");
}

// JPEG has no transparency: fill with the page's own background.
function pageBackground(): string {
  for (const el of [document.body, document.documentElement]) {
    const color = getComputedStyle(el).backgroundColor;
    if (color && color !== "transparent" && !/rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "#020617" : "#ffffff";
}

/** The page as a JPEG data URL: half scale, quality 0.7, after a 100 ms pause (keeps the report small; the pause lets the page settle). */
export async function captureScreenshot(): Promise<string> {
  // Loaded on first use: the library is only needed when someone reports a bug.
  const { default: domtoimage } = await import("dom-to-image-more");
  await new Promise((resolve) => setTimeout(resolve, SCREENSHOT_DELAY_MS));
  const body = document.body;
  return await domtoimage.toJpeg(body, {
    scale: SCREENSHOT_SCALE,
    quality: SCREENSHOT_QUALITY,
    imagePlaceholder: PLACEHOLDER,
    httpTimeout: SCREENSHOT_IMAGE_TIMEOUT_MS,
    bgcolor: pageBackground(),
    filter: keep,
  });
}
