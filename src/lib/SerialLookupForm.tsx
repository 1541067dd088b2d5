import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, Input, Form } from "../ui";
import { normaliseSerial } from "../../convex/lib/assets/serialText";

/**
 * Sends a serial typed by hand to /verify/{serial}: the landing page stacks it,
 * the verify page puts it in a row to try another serial without leaving.
 */
export function SerialLookupForm({ name, initial = "", inline = false }: { name: string; initial?: string; inline?: boolean }) {
  const navigate = useNavigate();
  const [serial, setSerial] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // In its printed form, as the server reads it: "tmt jfrf 79yv" goes to /verify/TMT-JFRF-79YV.
    const value = normaliseSerial(serial);
    if (!value) return setError("Enter a serial number");
    void navigate(`/verify/${encodeURIComponent(value)}`);
  };
  return (
    <Form onSubmit={submit} aria-label={name} className={inline ? "mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" : "mt-6 flex flex-col gap-3"}>
      <Input
        label="Serial number"
        required
        name="serial"
        placeholder="e.g. TMT-7K2Q-94XD"
        autoComplete="off"
        value={serial}
        error={error}
        containerClassName={inline ? "flex-1" : undefined}
        onChange={(event) => {
          setSerial(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" size="lg" fullWidth={!inline}>
        Verify
      </Button>
    </Form>
  );
}
