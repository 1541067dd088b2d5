import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "./Button";
import { cameraProblem, cameraSource, cameraUnavailable, type CameraProblem, type FrameSource, type ScanDecoder } from "./camera";
import { Input } from "./Input";
import { loadScanDecoder } from "./scanDecoder";
import { scanFeedback, unlockScanSound } from "./scanFeedback";

// How often a frame is read, and how long the same code in view counts as one scan.
const SCAN_INTERVAL_MS = 150;
const REPEAT_MS = 2_500;

const SCANNER_TEXT = {
  start: "Start camera",
  stop: "Stop camera",
  starting: "Starting the camera...",
  scanning: "Point the camera at a TagMyThing label.",
  typed: "Or type a code",
  typedHint: "A serial number (TMT-XXXX-XXXX) or a sticker's code.",
  lookUp: "Look up",
  problems: {
    insecure: "The camera works only on a secure (https) connection. Type the code instead.",
    unsupported: "This browser cannot use a camera here. Type the code instead.",
    denied: "Camera access was refused. Allow it in your browser's site settings and start again, or type the code.",
    noCamera: "No camera was found on this device. Type the code instead.",
    busy: "The camera could not start (another app may be using it). Try again, or type the code.",
    decoder: "The code reader could not load. Check your connection and try again, or type the code.",
  } satisfies Record<CameraProblem | "decoder", string>,
} as const;

type State = { kind: "idle" } | { kind: "starting" } | { kind: "scanning" } | { kind: "problem"; problem: CameraProblem | "decoder" };

export type ScannerProps = {
  /**
   * Each code read (a code that stays in view counts once) or typed. Return false when it
   * led nowhere, so the scan sounds and buzzes as a miss. Calls come one at a time, in order.
   */
  onCode: (text: string) => Promise<boolean | void> | boolean | void;
  /** Tests give a decoder and a frame source; the app uses the camera and the best decoder. */
  loadDecoder?: () => Promise<ScanDecoder>;
  source?: FrameSource;
  /** The longest code that can be typed. */
  maxLength?: number;
  /** Shown under the camera, above the typed code (what the last scan did). */
  children?: ReactNode;
  /** False where the screen has its own code field (an audit's, kept for hardware scanners). */
  typed?: boolean;
};

/**
 * A camera scanner for QR labels, continuous: scan after scan, each with a beep and a buzz,
 * the same code held in view read once. Without a camera (refused, none, no https) the typed
 * code does the same.
 */
export function Scanner({ onCode, loadDecoder = loadScanDecoder, source, maxLength, children, typed: withTyped = true }: ScannerProps) {
  const hintId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [camera] = useState<FrameSource>(() => source ?? cameraSource());
  const decoder = useRef<ScanDecoder | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [typed, setTyped] = useState("");
  const last = useRef<{ text: string; at: number } | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  function accept(text: string, fromCamera: boolean) {
    const now = Date.now();
    const previous = last.current;
    if (fromCamera && previous !== null && previous.text === text && now - previous.at < REPEAT_MS) {
      previous.at = now;
      return;
    }
    last.current = { text, at: now };
    queue.current = queue.current.then(async () => {
      const result = await Promise.resolve(handler.current(text)).catch(() => false);
      scanFeedback(result !== false);
    });
  }

  async function start() {
    unlockScanSound();
    const unavailable = source === undefined ? cameraUnavailable() : null;
    if (unavailable !== null) return setState({ kind: "problem", problem: unavailable });
    const element = video.current;
    if (element === null) return;
    setState({ kind: "starting" });
    try {
      decoder.current ??= await loadDecoder();
    } catch {
      return setState({ kind: "problem", problem: "decoder" });
    }
    try {
      await camera.open(element);
      setState({ kind: "scanning" });
    } catch (error) {
      camera.close(element);
      setState({ kind: "problem", problem: cameraProblem(error) });
    }
  }

  function stop() {
    if (video.current !== null) camera.close(video.current);
    setState({ kind: "idle" });
  }

  const scanning = state.kind === "scanning";
  useEffect(() => {
    const element = video.current;
    if (!scanning || element === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const frame = camera.grab(element);
      if (frame !== null && decoder.current !== null) {
        const codes = await decoder.current.detect(frame).catch(() => []);
        if (!stopped) codes.forEach((code) => accept(code, true));
      }
      if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // accept reads refs only; the loop restarts when scanning starts or stops.
  }, [scanning, camera]);

  // Leaving the page turns the camera off.
  useEffect(() => {
    const element = video.current;
    return () => {
      if (element !== null) camera.close(element);
    };
  }, [camera]);

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    if (text === "") return;
    setTyped("");
    accept(text, false);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-2xl bg-slate-900">
        <video ref={video} aria-label="Camera preview" muted playsInline className={scanning ? "h-full w-full object-cover" : "hidden"} />
        {scanning && <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" />}
        {!scanning && (
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <Button onClick={() => void start()} loading={state.kind === "starting"} loadingText={SCANNER_TEXT.starting}>
              {SCANNER_TEXT.start}
            </Button>
          </div>
        )}
      </div>
      {scanning && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-300">{SCANNER_TEXT.scanning}</p>
          <Button variant="outline" size="sm" onClick={stop}>{SCANNER_TEXT.stop}</Button>
        </div>
      )}
      {state.kind === "problem" && (
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {SCANNER_TEXT.problems[state.problem]}
        </p>
      )}
      {children}
      {withTyped && <form onSubmit={submitTyped} aria-label="Type a code" className="flex flex-col gap-1">
        <div className="flex items-end gap-2">
          <Input label={SCANNER_TEXT.typed} aria-describedby={hintId} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={maxLength} value={typed} onChange={(e) => setTyped(e.target.value)} containerClassName="flex-1" />
          <Button type="submit" variant="outline" className="h-11">{SCANNER_TEXT.lookUp}</Button>
        </div>
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">{SCANNER_TEXT.typedHint}</p>
      </form>}
    </div>
  );
}
