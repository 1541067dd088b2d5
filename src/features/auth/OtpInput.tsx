import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { OTP_LENGTH } from "../../../convex/lib/constants";
import { digitsOnly, fillOtp } from "./phone";

interface OtpInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Bump `seq` to move focus to box `index` (after clearing, for instance). */
  focusRequest: { index: number; seq: number };
}

/** Six single-digit boxes: auto-advance, Backspace to the previous box, paste of a whole code. */
export function OtpInput({ digits, onChange, disabled = false, invalid = false, focusRequest }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    boxes.current[focusRequest.index]?.focus();
  }, [focusRequest]);

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  function place(index: number, input: string) {
    const { digits: next, focus } = fillOtp(digits, index, input);
    onChange(next);
    focusBox(focus);
  }

  function handleInput(index: number, value: string) {
    const incoming = digitsOnly(value);
    if (!incoming) {
      if (value === "") onChange(digits.map((d, i) => (i === index ? "" : d)));
      return;
    }
    // A whole code (SMS autofill) fills every box; otherwise the newest digit replaces the box.
    place(index, incoming.length >= OTP_LENGTH ? incoming : incoming.slice(-1));
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      onChange(digits.map((d, i) => (i === index - 1 ? "" : d)));
      focusBox(index - 1);
    } else if (event.key === "ArrowLeft" && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight" && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData("text/plain") || event.clipboardData.getData("text");
    event.preventDefault();
    if (digitsOnly(text)) place(index, text);
  }

  return (
    <div role="group" aria-label="Verification code" className="flex justify-center gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          onChange={(e) => handleInput(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={(e) => handlePaste(index, e)}
          onFocus={(e) => e.target.select()}
          className="h-12 w-10 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 shadow-sm transition-colors focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:opacity-60 aria-invalid:border-red-500 min-[400px]:h-14 min-[400px]:w-12 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
        />
      ))}
    </div>
  );
}
