// The label stock of a print page: ?format= when the address names one, else the stock this
// browser printed on last (people keep one printer), else A4 3 × 7.
import { useSearchParams } from "react-router";
import { DEFAULT_FORMAT_ID, LABEL_FORMATS } from "./formats";

const KEY = "tmt.labelFormat";

function lastUsed(): string | null {
  try {
    const id = localStorage.getItem(KEY);
    return LABEL_FORMATS.some((f) => f.id === id) ? id : null;
  } catch {
    return null;
  }
}

export function useLabelFormat(): [string, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const formatId = params.get("format") ?? lastUsed() ?? DEFAULT_FORMAT_ID;
  const setFormat = (id: string) => {
    try {
      localStorage.setItem(KEY, id);
    } catch {
      // Remembered in the address only.
    }
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set("format", id);
      return next;
    }, { replace: true });
  };
  return [formatId, setFormat];
}
