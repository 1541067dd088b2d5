import { TriagePage } from "./TriagePage";

/** /moderator: moderators and admins; a live feed that toasts each new report. */
export default function ModeratorPage() {
  return (
    <TriagePage
      eyebrow="Moderation"
      title="Moderator Panel"
      intro="Incoming bug reports appear here live. Triage them: start work, resolve, or decline with a note for the reporter."
      notifyNew
    />
  );
}
