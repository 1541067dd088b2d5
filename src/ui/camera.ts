// The phone's camera as a source of frames for a scanner: the back camera where there is one,
// frames scaled down (decoding a 4K frame is slow and a label's QR code needs far fewer pixels).

/** Where frames come from; a test gives its own. */
export type FrameSource = {
  /** Starts the camera into `video`; rejects with the browser's DOMException when it cannot. */
  open(video: HTMLVideoElement): Promise<void>;
  /** The current frame, or null while the video has none yet. */
  grab(video: HTMLVideoElement): ImageData | null;
  close(video: HTMLVideoElement): void;
};

/** Turns one camera frame into the texts of the QR codes in it (scanDecoder.ts). */
export type ScanDecoder = { detect(frame: ImageData): Promise<string[]> };

const MAX_FRAME_SIDE = 800;

export type CameraProblem = "insecure" | "unsupported" | "denied" | "noCamera" | "busy";

/** Why the camera did not start, in the terms the scanner explains. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "noCamera";
  return "busy";
}

/** What stops the camera before asking for it: no https, or a browser without camera access. */
export function cameraUnavailable(): CameraProblem | null {
  if (!window.isSecureContext) return "insecure";
  if (typeof navigator.mediaDevices?.getUserMedia !== "function") return "unsupported";
  return null;
}

export function cameraSource(): FrameSource {
  let stream: MediaStream | null = null;
  let canvas: HTMLCanvasElement | null = null;
  return {
    async open(video) {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
      video.srcObject = stream;
      video.muted = true;
      video.setAttribute("playsinline", "");
      await video.play();
    },
    grab(video) {
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      canvas ??= document.createElement("canvas");
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      const context = canvas.getContext("2d", { willReadFrequently: true });
      if (context === null) return null;
      context.drawImage(video, 0, 0, width, height);
      return context.getImageData(0, 0, width, height);
    },
    close(video) {
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      video.srcObject = null;
    },
  };
}
