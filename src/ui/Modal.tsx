import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode, type RefObject } from "react";
import { cn } from "./cn";

type ModalSize = "sm" | "md" | "lg" | "xl";

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  children?: ReactNode;
  /** Action row at the bottom (e.g. Cancel / Save). */
  footer?: ReactNode;
  className?: string;
  /** Where the focus goes on open (default: the first focusable element, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** "dim" skips the backdrop blur, which slows the page down while work runs behind the modal. */
  backdrop?: "blur" | "dim";
  /** `data-*` attributes set on the overlay and the dialog (e.g. to leave them out of a page screenshot). */
  dataAttributes?: Record<`data-${string}`, string>;
}

const sizes: Record<ModalSize, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-lg",
  lg: "sm:max-w-2xl",
  xl: "sm:max-w-4xl",
};

// Radix Dialog gives the focus trap, Esc, scroll lock and aria-labelledby/-describedby.
export function Modal({ open, onOpenChange, title, description, size = "md", children, footer, className, initialFocus, backdrop = "blur", dataAttributes }: ModalProps) {
  // Controlled modals have no Radix Trigger, so focus would drop to <body> on close; return it to the opener.
  const opener = useRef<HTMLElement | null>(null);
  const hasBody = children != null && children !== false;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay {...dataAttributes} className={cn("fixed inset-0 z-50 bg-slate-950/60", backdrop === "blur" && "backdrop-blur-sm")} />
        <Dialog.Content
          {...dataAttributes}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-xl",
            "sm:inset-auto sm:left-1/2 sm:top-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:w-[calc(100%-2rem)]",
            "focus:outline-none dark:bg-slate-900 dark:text-slate-100",
            sizes[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mr-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </Dialog.Close>
          </div>
          {/* No body for a dialog that is all title, description and buttons (a confirmation): an empty one showed as a blank band. */}
          {hasBody && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className={cn("flex flex-wrap justify-end gap-2 px-5 py-4", hasBody && "border-t border-slate-200 dark:border-slate-800")}>
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
