import { useEffect } from "react";
import { PRODUCT_NAME } from "./content";

/** Sets "{title} · TagMyThing" while mounted and restores the previous title after. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
