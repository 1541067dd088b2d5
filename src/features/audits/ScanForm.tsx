import { useRef, useState, type FormEvent } from "react";
import { MAX_SCAN_TEXT } from "../../../convex/lib/audits/rules";
import { Button, Form, Input } from "../../ui";

/**
 * The audit's scan field. A hardware (keyboard-wedge) scanner types the code and presses
 * Enter, so the field keeps its focus and empties after each scan, ready for the next one.
 * `onCode` has the camera scanner's contract: false when the scan led nowhere.
 */
export function ScanForm({ onCode, disabled }: { onCode: (text: string) => Promise<boolean>; disabled: boolean }) {
  const [text, setText] = useState("");
  const [pending, setPending] = useState(0);
  const field = useRef<HTMLInputElement>(null);
  // A fast scanner sends the next code before the last is answered: they queue, in order.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  function submit(event: FormEvent) {
    event.preventDefault();
    const code = text.trim();
    if (code === "") return;
    setText("");
    setPending((n) => n + 1);
    queue.current = queue.current.then(() => onCode(code)).catch(() => false).finally(() => setPending((n) => n - 1));
    field.current?.focus();
  }
  return (
    <Form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Input
        ref={field}
        label="Scan or type a code"
        hint="A serial (TMT-XXXX-XXXX), a sticker's code, or a label scanned with a hardware scanner."
        autoFocus
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={MAX_SCAN_TEXT}
        containerClassName="flex-1"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" disabled={disabled}>{pending > 0 ? "Ticking..." : "Tick"}</Button>
    </Form>
  );
}
