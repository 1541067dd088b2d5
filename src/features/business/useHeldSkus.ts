// Which of a file's SKUs the business already holds, asked in chunks (a query
// takes at most 1,000) once per file; null while asking.
import { useConvex } from "convex/react";
import { useEffect, useState } from "react";
import { api } from "../../../convex/_generated/api";
import { useWorkspace } from "../../lib/useWorkspace";

const CHUNK = 1_000;

export function useHeldSkus(skus: readonly string[] | null): { held: ReadonlySet<string> | null; error: boolean } {
  const client = useConvex();
  const { inCurrent } = useWorkspace();
  const [state, setState] = useState<{ for: readonly string[] | null; held: ReadonlySet<string> | null; error: boolean }>({ for: null, held: null, error: false });
  useEffect(() => {
    if (skus === null) return;
    let live = true;
    void (async () => {
      try {
        const held = new Set<string>();
        for (let i = 0; i < skus.length; i += CHUNK) {
          for (const sku of await client.query(api.imports.heldSkus, inCurrent({ skus: skus.slice(i, i + CHUNK) }))) held.add(sku);
        }
        if (live) setState({ for: skus, held, error: false });
      } catch {
        if (live) setState({ for: skus, held: null, error: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [client, inCurrent, skus]);
  return state.for === skus ? { held: state.held, error: state.error } : { held: null, error: false };
}
