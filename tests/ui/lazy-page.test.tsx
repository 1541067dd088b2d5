// lazyPage: a route page whose script fails to load falls back to a full page load (spec:
// "a navigation error falls back to a full page load"); offline, or failing again right after
// that reload, PageErrorBoundary shows a message instead of a blank app.
import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageErrorBoundary } from "../../src/app/PageLoadFailed";
import { fullPageLoad } from "../../src/lib/fullPageLoad";
import { lazyPage } from "../../src/lib/lazyPage";

vi.mock("../../src/lib/fullPageLoad", () => ({ fullPageLoad: vi.fn() }));

function renderLazy(load: () => Promise<{ default: () => React.JSX.Element }>) {
  const Page = lazyPage(load);
  return render(
    <PageErrorBoundary resetKey="/x">
      <Suspense fallback={<p>Loading page...</p>}>
        <Page />
      </Suspense>
    </PageErrorBoundary>,
  );
}

const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  sessionStorage.clear();
  vi.mocked(fullPageLoad).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe("lazyPage", () => {
  it("renders the page when its script loads", async () => {
    renderLazy(async () => ({ default: () => <h1>Loaded</h1> }));
    expect(await screen.findByRole("heading", { name: "Loaded" })).toBeInTheDocument();
    expect(fullPageLoad).not.toHaveBeenCalled();
  });

  it("loads the address in full when the script fails, and keeps the loading state meanwhile", async () => {
    renderLazy(failing);
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith(window.location.href));
    expect(screen.getByText("Loading page...")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the page could not be loaded when it fails again right after that reload", async () => {
    renderLazy(failing);
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledTimes(1));
    // The reload happened (simulated): the same address fails again.
    renderLazy(failing);
    expect(await screen.findByRole("heading", { name: "This page could not be loaded" })).toBeInTheDocument();
    expect(fullPageLoad).toHaveBeenCalledTimes(1);
  });

  it("offline, says so instead of leaving for the browser's error page", async () => {
    online = false;
    renderLazy(failing);
    expect(await screen.findByRole("heading", { name: "This page could not be loaded" })).toBeInTheDocument();
    expect(fullPageLoad).not.toHaveBeenCalled();
  });
});
