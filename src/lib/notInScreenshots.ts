// What a bug report's screenshot leaves out: the widget itself and its toasts, and secrets
// on screen (an authenticator key and its QR code, recovery codes), which would otherwise
// reach every triager in the image.
export const IGNORE_ATTRIBUTE = "data-bug-report-ignore";

/** Spread on an element to keep it out of screenshots: `<div {...NOT_IN_SCREENSHOTS}>`. */
export const NOT_IN_SCREENSHOTS = { [IGNORE_ATTRIBUTE]: "" } as const;
