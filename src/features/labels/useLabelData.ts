// The labels' data for a selection of asset ids, asked in batches the server accepts; each
// batch is a live query, so a renamed or deleted asset updates the job.
import { useQueries } from "convex/react";
import { useMemo } from "react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { LABEL_IDS_PER_CALL } from "../../../convex/lib/assets/labels";
import { useWorkspace } from "../../lib/useWorkspace";
import { readerLocale } from "../../lib/format";

type LabelData = { _id: string; serial: string; name: string; lines: string[] };
type LabelDataState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; items: LabelData[]; missing: number };

/** The labels of `ids` in the current workspace (another workspace's assets count as missing). */
export function useLabelData(ids: readonly string[]): LabelDataState {
  const { workspaceId } = useWorkspace();
  const requests = useMemo(() => {
    const batches: Record<string, { query: typeof api.labels.forAssets; args: { workspaceId: Id<"workspaces">; ids: string[]; locale?: string } }> = {};
    if (workspaceId === null) return batches;
    const locale = readerLocale();
    for (let i = 0; i < ids.length; i += LABEL_IDS_PER_CALL) {
      batches[String(i)] = { query: api.labels.forAssets, args: { workspaceId, ids: ids.slice(i, i + LABEL_IDS_PER_CALL), ...(locale === undefined ? {} : { locale }) } };
    }
    return batches;
  }, [ids, workspaceId]);
  const results = useQueries(requests);
  return useMemo(() => {
    const values = Object.values(results);
    if (values.some((value) => value instanceof Error)) return { status: "error" };
    if (workspaceId === null || values.length < Object.keys(requests).length || values.some((value) => value === undefined)) return { status: "loading" };
    const byId = new Map((values as LabelData[][]).flat().map((item) => [item._id, item]));
    // The selection's order, each asset once.
    const items = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
    return { status: "ready", items, missing: new Set(ids).size - items.length };
  }, [results, requests, ids, workspaceId]);
}
