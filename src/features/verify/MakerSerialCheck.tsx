import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { KIND_LABELS } from "../../../convex/lib/assets/rules";
import { makerSerialKey, VERIFY_MESSAGES } from "../../../convex/lib/verify/rules";
import { Button, Form, Input } from "../../ui";
import { AssetStatusBadge } from "../../lib/AssetStatusBadge";
import { clientErrorMessage } from "../../lib/errors";
import { StatusWarning } from "./StatusWarning";
import { VERIFY_TEXT } from "./verifyText";
import { visitorId } from "./visitorId";

type Answer = FunctionReturnType<typeof api.verify.byMakerSerial>;
type Match = Extract<Answer, { result: "found" }>["matches"][number];

function MatchCard({ match }: { match: Match }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900 dark:text-white">{match.name}</span>
        <AssetStatusBadge status={match.status} />
        <span className="text-sm text-slate-600 dark:text-slate-400">{KIND_LABELS[match.kind]}</span>
      </div>
      <StatusWarning status={match.status} />
      {match.facts.length > 0 && (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
          {match.facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{fact.label}</dt>
              <dd className="break-words font-medium text-slate-900 dark:text-slate-100">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link to={`/verify/${encodeURIComponent(match.serial)}`} className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
        {VERIFY_TEXT.makerSerialOpen}
      </Link>
    </li>
  );
}

function AnswerView({ answer }: { answer: Answer }) {
  if (answer.result === "found") {
    return (
      <div role="status" className="flex flex-col gap-3">
        <p className="font-semibold text-slate-900 dark:text-white">{VERIFY_TEXT.makerSerialFound}</p>
        <ul className="flex flex-col gap-3">{answer.matches.map((m) => <MatchCard key={m.serial} match={m} />)}</ul>
      </div>
    );
  }
  const text = answer.result === "rateLimited" ? answer.message : answer.result === "invalid" ? VERIFY_MESSAGES.invalidMakerSerial : VERIFY_TEXT.makerSerialNotFound;
  return <p role="status" className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">{text}</p>;
}

/**
 * "Is this frame number registered, and is it stolen?": a buyer types the maker's serial, frame
 * number or IMEI of the thing in front of them. The answer names no owner, and an item its owner
 * keeps private answers as an unknown one.
 */
export function MakerSerialCheck({ initial = "" }: { initial?: string }) {
  const check = useMutation(api.verify.byMakerSerial);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer(null);
    if (makerSerialKey(value) === null) return setError(VERIFY_MESSAGES.invalidMakerSerial);
    setError(null);
    setBusy(true);
    try {
      setAnswer(await check({ makerSerial: value, visitorId: visitorId() }));
    } catch (e) {
      setError(clientErrorMessage(e, VERIFY_TEXT.makerSerialFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="maker-serial-check" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="maker-serial-check" className="text-lg font-semibold text-slate-900 dark:text-white">{VERIFY_TEXT.makerSerialTitle}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{VERIFY_TEXT.makerSerialIntro}</p>
      <Form onSubmit={submit} aria-label={VERIFY_TEXT.makerSerialTitle} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Input label="Maker's serial number" name="makerSerial" autoComplete="off" spellCheck={false} className="font-mono" containerClassName="flex-1"
          value={value} error={error} onChange={(e) => { setValue(e.target.value); setError(null); }} />
        <Button type="submit" size="lg" loading={busy} loadingText="Checking...">Check</Button>
      </Form>
      {answer !== null && <div className="mt-4"><AnswerView answer={answer} /></div>}
    </section>
  );
}
