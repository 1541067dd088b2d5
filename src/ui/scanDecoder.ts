// Reading QR codes from camera frames: the browser's own BarcodeDetector where it has one
// that reads QR codes (Android Chrome, Safari 17+ on macOS), ZXing compiled to WebAssembly
// otherwise. Either is fetched only when a scanner starts, never with the page.
import type { ScanDecoder } from "./camera";

type NativeDetector = { detect(source: ImageData): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDecoder(): Promise<ScanDecoder | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native === undefined) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Native({ formats: ["qr_code"] });
    return { detect: async (frame) => (await detector.detect(frame)).map((code) => code.rawValue) };
  } catch {
    return null;
  }
}

/** The decoder this browser supports best. */
export async function loadScanDecoder(): Promise<ScanDecoder> {
  const native = await nativeDecoder();
  if (native !== null) return native;
  return await import("./zxingDecoder").then((m) => m.zxingDecoder());
}
