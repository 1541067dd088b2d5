// ZXing (C++) as WebAssembly, for browsers without a QR-reading BarcodeDetector. The .wasm
// file is part of the build (Vite emits it and names its URL), so scanning needs no CDN and
// works wherever the app itself loads.
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import type { ScanDecoder } from "./camera";

export async function zxingDecoder(): Promise<ScanDecoder> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return {
    detect: async (frame) => {
      const results = await readBarcodes(frame, { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: 1 });
      return results.filter((r) => r.isValid).map((r) => r.text);
    },
  };
}
