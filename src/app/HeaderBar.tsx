import type { ReactNode } from "react";
import { Logo } from "../ui/Logo";

/** The header's row: the logo, an optional nav, and the controls at the right. */
export function HeaderBar({ nav, onLogoClick, children }: { nav?: ReactNode; onLogoClick?: () => void; children?: ReactNode }) {
  return (
    // Tight on a phone: a visitor's Tag Asset, Sign In and menu button fit beside the logo at 360 px.
    <div className="mx-auto flex h-16 max-w-[96rem] items-center gap-1.5 px-3 sm:gap-3 sm:px-6">
      <Logo onClick={onLogoClick} />
      {nav}
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">{children}</div>
    </div>
  );
}
