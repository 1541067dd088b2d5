import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Lazily loaded pages resolve through dynamic imports; on a busy 2-core CI run
// the first import of a page can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// Dates and numbers follow the user's language (src/lib/format.ts); the UI tests read
// as a British user would, so a date is "14 May 2025". format.test.ts covers other locales.
Object.defineProperty(window.navigator, "languages", { value: ["en-GB"], configurable: true });

// jsdom has no layout, so no hit testing: nothing lies under any point (the bug-report button
// asks what it would cover; tests/e2e/phone-lists.test.ts checks that in Chromium).
document.elementsFromPoint ??= () => [];
