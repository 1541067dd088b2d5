// A short beep (Web Audio: no sound file to fetch) and a buzz where the device has one, so
// someone scanning shelf after shelf knows each scan landed without looking at the screen.

let audio: AudioContext | null = null;

/** Browsers let a page make sound only after a gesture: call this from the click that starts scanning. */
export function unlockScanSound(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    audio = null;
  }
}

export function scanFeedback(ok = true): void {
  if (typeof navigator.vibrate === "function") navigator.vibrate(ok ? 60 : [60, 60, 60]);
  if (audio === null || audio.state !== "running") return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = ok ? 880 : 330;
  gain.gain.setValueAtTime(0.08, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.12);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + 0.12);
}
