import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Lazily loaded pages resolve through dynamic imports; on a busy 2-core CI run
// the first import of a page can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
