import { TriagePage } from "./TriagePage";

/** /bug-reports: admins and admin-influencers. */
export default function BugReportsPage() {
  return (
    <TriagePage
      eyebrow="Administration"
      title="Bug Reports"
      intro="Reports sent from the in-app widget, newest first. Open one to see its screenshot, console entries and context, and move it through the workflow."
    />
  );
}
