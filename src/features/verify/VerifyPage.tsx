import { useQuery } from "convex/react";
import type { ReactNode } from "react";
import { useParams, useSearchParams } from "react-router";
import { api } from "../../../convex/_generated/api";
import { KIT_PART_NOTICE, ON_LOAN_NOTICE } from "../../../convex/lib/custody/rules";
import { isSerialFormat, isStickerCode, normaliseSerial } from "../../../convex/lib/assets/serial";
import { PageSpinner } from "../../ui";
import { AssetVerifyCard } from "./AssetVerifyCard";
import { ReportFoundForm } from "./ReportFoundForm";
import { StatusWarning } from "./StatusWarning";
import { MakerSerialCheck } from "./MakerSerialCheck";
import { StickerOffer } from "./StickerOffer";
import { CertificateCheck } from "./CertificateCheck";
import { VERIFY_TEXT } from "./verifyText";
import { useRecordVisit, VisitNotice } from "./VisitNotice";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { SerialLookupForm } from "../../lib/SerialLookupForm";

function Message({ title, serial, children }: { title: string; serial: string; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
      <p className="mt-3 inline-flex max-w-full flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        Serial number
        <code className="break-all rounded bg-slate-100 px-2 py-0.5 font-mono font-semibold text-slate-900 dark:bg-slate-800 dark:text-white">
          {serial}
        </code>
      </p>
      {children}
    </div>
  );
}

// The visit notice comes last: it appears once the server has raised the owner's alert, after the
// page is up, and anything it came before would be pushed down (a layout shift on phones).
function LiveVerify({ serial }: { serial: string }) {
  const result = useQuery(api.verify.bySerial, { serial });
  const alertId = useRecordVisit(serial);
  if (result === undefined) return <PageSpinner label={VERIFY_TEXT.loading} />;
  switch (result.result) {
    case "invalid":
    case "notFound": {
      const notFound = (
        <Message title={VERIFY_TEXT.notFoundTitle} serial={serial}>
          <p className="mt-4 text-slate-600 dark:text-slate-300">{VERIFY_TEXT.notFoundBody}</p>
          <SerialLookupForm name="Check a serial number" inline />
        </Message>
      );
      return isStickerCode(serial) ? <StickerOffer code={serial} notFound={notFound} /> : <>{notFound}<MakerSerialCheck /></>;
    }
    case "private":
      return (
        <>
          <Message title={VERIFY_TEXT.privateTitle} serial={result.serial}>
            <p className="mt-4 text-slate-600 dark:text-slate-300">{VERIFY_TEXT.privateBody}</p>
            <p className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
              Status <AssetStatusBadge status={result.status} size="md" />
            </p>
            <div className="mt-4">
              <StatusWarning status={result.status} reportedStolenAt={result.reportedStolenAt} />
            </div>
            <Whereabouts result={result} />
          </Message>
          <ReportFoundForm serial={result.serial} />
          <VisitNotice alertId={alertId} />
        </>
      );
    case "public":
      return (
        <>
          <AssetVerifyCard asset={result} />
          <Whereabouts result={result} />
          {!result.isOwner && (
            <>
              <ReportFoundForm serial={result.serial} />
              <VisitNotice alertId={alertId} />
            </>
          )}
        </>
      );
  }
}

/** A lent item says so (never to whom), a kit's part that it belongs to a kit. */
function Whereabouts({ result }: { result: { onLoan?: true; inKit?: true } }) {
  if (!result.onLoan && !result.inKit) return null;
  return (
    <ul data-testid="verify-whereabouts" className="mt-4 flex flex-col gap-1 rounded-xl bg-sky-50 p-4 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
      {result.onLoan && <li>{ON_LOAN_NOTICE}</li>}
      {result.inKit && <li>{KIT_PART_NOTICE}</li>}
    </ul>
  );
}

function LookupOnly() {
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{VERIFY_TEXT.lookupTitle}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{VERIFY_TEXT.lookupBody}</p>
      <SerialLookupForm name="Check a serial number" inline />
    </div>
  );
}

/** /verify/{serialNumber}: what a finder or buyer needs, live; /verify alone asks for a serial. */
export default function VerifyPage() {
  const { serialNumber = "" } = useParams();
  const serial = normaliseSerial(serialNumber);
  const cert = useSearchParams()[0].get("cert");
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600 dark:text-indigo-400">Verification</p>
      {serialNumber.trim() === "" ? (
        <LookupOnly />
      ) : isSerialFormat(serial) ? (
        <>
          {cert !== null && <CertificateCheck serial={serial} cert={cert} />}
          <LiveVerify key={serial} serial={serial} />
        </>
      ) : (
        <>
          <Message title={VERIFY_TEXT.invalidTitle} serial={serialNumber}>
            <p className="mt-4 text-slate-600 dark:text-slate-300">{VERIFY_TEXT.invalidBody}</p>
            <SerialLookupForm name="Check a serial number" initial={serialNumber} inline />
          </Message>
          {/* Not a TagMyThing serial: perhaps the maker's, typed into the wrong box. */}
          <MakerSerialCheck key={serialNumber} initial={serialNumber} />
        </>
      )}
    </section>
  );
}
