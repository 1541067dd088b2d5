import { useState } from "react";
import { Input, type InputProps } from "../../ui";

/** A password field with a show/hide toggle (the toggle is a real, labelled button). */
export function PasswordInput(props: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? "text" : "password"} className="pr-16" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={visible ? "Hide password" : "Show password"}
        className="absolute right-2 top-[2.125rem] rounded-md px-2 py-1.5 text-xs font-semibold text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-white"
      >
        {visible ? "Hide" : "Show"}
      </button>
    </div>
  );
}
