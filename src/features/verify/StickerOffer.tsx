import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { buttonClasses, PageSpinner } from "../../ui";
import { rememberClaim } from "../../lib/pendingClaim";
import { VERIFY_TEXT } from "./verifyText";
import { visitorId } from "./visitorId";

type State = "checking" | "unclaimed" | "unknown" | "rateLimited";

/** Asks once per code whether it is a sticker nobody has claimed (each ask spends a guess). */
function useStickerCheck(code: string): State {
  const check = useMutation(api.stickers.check);
  const [state, setState] = useState<State>("checking");
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === code) return;
    asked.current = code;
    check({ code, visitorId: visitorId() })
      .then(setState)
      .catch(() => setState("unknown"));
  }, [code, check]);
  return state;
}

/**
 * A sticker code no asset carries yet: offer to claim it (the tag form, with the code as the
 * serial; visitors sign in first and come back). Anything else shows `notFound`.
 */
export function StickerOffer({ code, notFound }: { code: string; notFound: ReactNode }) {
  const state = useStickerCheck(code);
  const { isAuthenticated } = useConvexAuth();
  if (state === "checking") return <PageSpinner label={VERIFY_TEXT.loading} />;
  if (state === "rateLimited") return <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-200">{isAuthenticated ? VERIFY_TEXT.tooManyChecks : VERIFY_TEXT.tooManyVisitorChecks}</p>;
  if (state === "unknown") return notFound;
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{VERIFY_TEXT.unclaimedTitle}</h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        Code <code className="break-all rounded bg-slate-100 px-2 py-0.5 font-mono font-semibold text-slate-900 dark:bg-slate-800 dark:text-white">{code}</code>
      </p>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{VERIFY_TEXT.unclaimedBody}</p>
      {!isAuthenticated && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{VERIFY_TEXT.claimSignIn}</p>}
      <Link to={`/tag?claim=${encodeURIComponent(code)}`} onClick={() => !isAuthenticated && rememberClaim(code)} className={buttonClasses("primary", "md") + " mt-6"}>
        {VERIFY_TEXT.claim}
      </Link>
    </div>
  );
}
