import { useEffect, useRef, useState } from "react";
import { useAuthToken } from "@convex-dev/auth/react";
import { toast } from "sonner";
import { BUG_REPORT_MESSAGES as M, MAX_DESCRIPTION_CHARS } from "../../../convex/lib/bugReports/rules";
import { PRODUCT_NAME } from "../../../convex/lib/constants";
import { getConsoleEntries } from "../../lib/consoleBuffer";
import { Button, Modal, RequiredMark, Spinner, Textarea } from "../../ui";
import { ContextPanel, ConsolePanel, PanelHeading } from "./ReportPanels";
import { ScreenshotEditor } from "./ScreenshotEditor";
import { NOT_IN_SCREENSHOTS } from "../../lib/notInScreenshots";
import { burnInBoxes, type Box } from "./screenshotBoxes";
import { buildPayload, reportedPath, submitBugReport } from "./submitBugReport";
import { formatDateTime } from "../../lib/format";
import { useSubmit } from "../../lib/useSubmit";

interface Reporter {
  _id: string;
  role: string;
  fullName: string | null;
  email: string | null;
  phone: string | null;
}

interface BugReportModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reporter: Reporter;
  screenshot: string | null;
  capturing: boolean;
  /** Called once the modal is mounted: the screenshot is taken while it shows, not before. */
  onShown: () => void;
  onRetake: () => void;
  description: string;
  onDescriptionChange: (value: string) => void;
  boxes: Box[];
  onBoxesChange: (boxes: Box[]) => void;
  openedAt: Date;
  onSubmitted: () => void;
}

export default function BugReportModal(props: BugReportModalProps) {
  const { reporter, screenshot, description, boxes } = props;
  const token = useAuthToken();
  // submitBugReport rejects with an Error carrying the server's message: clientErrors shows it.
  const { busy: submitting, run } = useSubmit({ fallback: M.submitFailed, show: "toast", clientErrors: true });
  const [touched, setTouched] = useState(false);
  // Focus starts in the description: the reporter can type while the screenshot is taken.
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const { onShown } = props;
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    onShown();
  }, [onShown]);
  // What will be sent is what is shown: the buffer as it was when the modal opened.
  const [entries] = useState(getConsoleEntries);
  const missingDescription = description.trim() === "";

  async function submit() {
    if (missingDescription) return void toast.error(M.describe);
    if (!screenshot) return void toast.error(M.screenshotRequired);
    if (!token) return void toast.error(M.noSession);
    const sent = await run(async () => {
      const image = await burnInBoxes(screenshot, boxes);
      await submitBugReport(buildPayload({ description, screenshot: image, consoleLogs: entries, profile: reporter }), token);
    });
    if (!sent) return;
    toast.success(M.success(PRODUCT_NAME));
    props.onSubmitted();
  }

  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !submitting && props.onOpenChange(open)}
      title="Report a Bug"
      description="Tell us what went wrong. We attach a screenshot and recent console messages to help us fix it."
      size="lg"
      initialFocus={descriptionRef}
      // A blurred backdrop is re-rendered on every frame of the capture: 5-10 times slower in Chromium.
      backdrop="dim"
      dataAttributes={NOT_IN_SCREENSHOTS}
      footer={
        <>
          <Button variant="outline" onClick={() => props.onOpenChange(false)} disabled={submitting}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={missingDescription || !screenshot} loading={submitting} loadingText="Submitting...">
            Submit Bug Report
          </Button>
        </>
      }
    >
      {/* On phones the description comes first (on screen at once), the screenshot below it. */}
      <div className="flex flex-col gap-5">
        <section aria-label="Screenshot" className="order-2 sm:order-1">
          <PanelHeading>Screenshot</PanelHeading>
          <div className="mt-2">
            {props.capturing ? (
              <div className="flex h-40 items-center justify-center gap-2 rounded-lg bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <Spinner size="sm" /> {M.capturing}
              </div>
            ) : screenshot ? (
              <ScreenshotEditor screenshot={screenshot} boxes={boxes} onBoxesChange={props.onBoxesChange} />
            ) : (
              <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-red-300 p-6 text-center dark:border-red-800">
                <p className="text-sm text-red-600 dark:text-red-400">{M.screenshotRequired}</p>
                <Button size="sm" variant="outline" onClick={props.onRetake}>
                  Try again
                </Button>
              </div>
            )}
          </div>
        </section>

        <div className="order-1 flex flex-col gap-1.5 sm:order-2">
          <div className="flex items-baseline">
            <label htmlFor="bug-description" className="text-sm font-semibold text-slate-900 dark:text-white">
              What went wrong?
            </label>
            <RequiredMark />
          </div>
          <Textarea
            ref={descriptionRef}
            id="bug-description"
            required
            rows={4}
            maxLength={MAX_DESCRIPTION_CHARS}
            value={description}
            onChange={(e) => props.onDescriptionChange(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && missingDescription ? true : undefined}
            aria-describedby={touched && missingDescription ? "bug-description-error" : undefined}
            placeholder="What did you do, what did you expect, and what happened instead?"
          />
          {touched && missingDescription && (
            <p id="bug-description-error" className="text-sm text-red-600 dark:text-red-400">
              {M.describe}
            </p>
          )}
        </div>

        <div className="order-3 flex flex-col gap-5">
          <ConsolePanel entries={entries} />
          <ContextPanel
            rows={[
              ["Name", reporter.fullName ?? "—"],
              ["Email", reporter.email ?? reporter.phone ?? "—"],
              ["Page", reportedPath()],
              ["Time", formatDateTime(props.openedAt)],
            ]}
          />
          <p className="rounded-lg bg-indigo-50 p-3 text-xs leading-relaxed text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200">
            <strong>Privacy:</strong> this report sends the screenshot above, the console entries and the context shown here
            to the {PRODUCT_NAME} team. Tokens, codes and passwords in links and logs are removed before sending; use Redact
            to black out anything else private on the screenshot.
          </p>
        </div>
      </div>
    </Modal>
  );
}
