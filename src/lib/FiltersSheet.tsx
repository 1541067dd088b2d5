import { useState, type ReactNode } from "react";
import { Button } from "../ui/Button";
import { Modal } from "../ui/Modal";

/**
 * A list's filters: in line from the `sm` breakpoint up; on a phone they fold behind a "Filters"
 * button into a sheet (a dialog), so the list's first rows are on the first screen.
 */
export function FiltersSheet({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="hidden sm:contents">{children}</div>
      <Button variant="outline" className="sm:hidden" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {active > 0 ? `Filters (${active})` : "Filters"}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Filters" footer={<Button onClick={() => setOpen(false)}>Done</Button>}>
        <div className="grid gap-3">{children}</div>
      </Modal>
    </>
  );
}
