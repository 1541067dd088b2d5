import type { ComponentPropsWithRef, ReactNode } from "react";
import { cn } from "./cn";

interface CardProps extends Omit<ComponentPropsWithRef<"div">, "title"> {
  title?: ReactNode;
  /** The title's heading level: h1 where the card is the whole page (default h2). */
  titleAs?: "h1" | "h2";
  description?: ReactNode;
  /** Rendered at the bottom, separated by a border (actions). */
  footer?: ReactNode;
  padding?: "none" | "sm" | "md" | "lg";
}

const paddings = { none: "", sm: "p-4", md: "p-5 sm:p-6", lg: "p-6 sm:p-8" };

export function Card({ title, titleAs: Title = "h2", description, footer, padding = "md", className, children, ...rest }: CardProps) {
  return (
    <div
      className={cn(
        "rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900",
        className,
      )}
      {...rest}
    >
      <div className={paddings[padding]}>
        {title && <Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Title>}
        {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        {(title || description) && children ? <div className="mt-4">{children}</div> : children}
      </div>
      {footer && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-5 py-4 sm:px-6 dark:border-slate-800">
          {footer}
        </div>
      )}
    </div>
  );
}
