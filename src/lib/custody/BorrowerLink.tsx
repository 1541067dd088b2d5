import { toast } from "sonner";
import { Button, Input } from "../../ui";
import { NOT_IN_SCREENSHOTS } from "../notInScreenshots";

/** The borrower's acceptance link, shown once after a check-out: to copy, or to open on their phone. */
export function BorrowerLink({ link, onDone }: { link: string; onDone?: () => void }) {
  const absolute = new URL(link, window.location.origin).toString();
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      <p>Checked out. The borrower confirms they have the items by opening this link on their phone and typing their name. It is shown only now.</p>
      <div {...NOT_IN_SCREENSHOTS}>
        <Input aria-label="Borrower's link" readOnly value={absolute} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => void navigator.clipboard.writeText(absolute).then(() => toast.success("Link copied"))}>Copy link</Button>
        {onDone && <Button size="sm" variant="ghost" onClick={onDone}>Done</Button>}
      </div>
    </div>
  );
}
