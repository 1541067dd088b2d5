import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, Input } from "../../ui";

/** Try another serial without leaving the page. */
export function SerialLookupForm({ initial = "" }: { initial?: string }) {
  const navigate = useNavigate();
  const [serial, setSerial] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = serial.trim().toUpperCase();
    if (!value) return setError("Enter a serial number");
    void navigate(`/verify/${encodeURIComponent(value)}`);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Check a serial number" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
      <Input
        label="Serial number"
        name="serial"
        placeholder="e.g. TMT-7K2Q-94XD"
        autoComplete="off"
        value={serial}
        error={error}
        containerClassName="flex-1"
        onChange={(event) => {
          setSerial(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" size="lg" className="sm:mb-0">
        Verify
      </Button>
    </form>
  );
}
