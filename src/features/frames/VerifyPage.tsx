import { useParams } from "react-router";
import FramePage from "./FramePage";

/** /verify/:serialNumber: the frame, naming the serial being checked. */
export default function VerifyPage() {
  const { serialNumber = "" } = useParams();
  return (
    <FramePage frame="verify">
      <p className="mt-6 inline-flex max-w-full flex-wrap items-center gap-2 rounded-xl bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
        Serial number
        <code className="break-all rounded bg-white px-2 py-0.5 font-mono font-semibold dark:bg-slate-900">
          {serialNumber}
        </code>
      </p>
    </FramePage>
  );
}
