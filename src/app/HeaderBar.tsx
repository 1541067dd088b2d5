import type { ReactNode } from "react";
import { Logo } from "../ui/Logo";

/** The header's row: the logo, an optional nav, and the controls at the right. */
export function HeaderBar({ nav, onLogoClick, children }: { nav?: ReactNode; onLogoClick?: () => void; children?: ReactNode }) {
  return (
    <div className="mx-auto flex h-16 max-w-[96rem] items-center gap-2 px-4 sm:gap-3 sm:px-6">
      <Logo onClick={onLogoClick} />
      {nav}
      <div className="ml-auto flex items-center gap-2">{children}</div>
    </div>
  );
}
