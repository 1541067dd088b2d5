import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button, Input } from "../../ui";

/** Sends a serial typed by hand to /verify/{serial}. */
export function VerifySerialForm() {
  const navigate = useNavigate();
  const [serial, setSerial] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = serial.trim();
    if (!value) {
      setError("Enter a serial number");
      return;
    }
    void navigate(`/verify/${encodeURIComponent(value)}`);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Verify a serial" className="mt-6 flex flex-col gap-3">
      <Input
        label="Serial number"
        name="serial"
        placeholder="e.g. TMT-7K2Q-94XD"
        autoComplete="off"
        value={serial}
        error={error}
        onChange={(event) => {
          setSerial(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" size="lg" fullWidth>
        Verify
      </Button>
    </form>
  );
}
