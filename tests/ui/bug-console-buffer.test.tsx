// The console buffer the bug report sends: what it keeps, how many, and that logging still works.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { clearConsoleBuffer, getConsoleEntries, installConsoleBuffer } from "../../src/lib/consoleBuffer";

function fakeConsole() {
  return { error: vi.fn(), warn: vi.fn(), log: vi.fn(), info: vi.fn() } as unknown as Console & Record<"error" | "warn" | "log", ReturnType<typeof vi.fn>>;
}

let uninstall: () => void = () => {};
let target: ReturnType<typeof fakeConsole>;
let originals: { error: unknown; warn: unknown; log: unknown };

beforeEach(() => {
  clearConsoleBuffer();
  target = fakeConsole();
  originals = { error: target.error, warn: target.warn, log: target.log };
  uninstall = installConsoleBuffer(target, window);
});
afterEach(() => uninstall());

describe("console buffer", () => {
  test("keeps errors and warnings, and only the logs that mention error, failed or timeout", () => {
    target.error("boom", new Error("bad"));
    target.warn("careful");
    target.log("all good");
    target.log("Request FAILED with 500");
    target.log("socket timeout after 30s");
    target.log({ kind: "error-ish object" });
    target.info("not captured: info");
    const entries = getConsoleEntries();
    expect(entries.map((e) => e.level)).toEqual(["error", "warn", "log", "log", "log"]);
    expect(entries[0].message).toContain("boom");
    expect(entries[0].message).toContain("bad");
    expect(entries.map((e) => e.message)).not.toContain("all good");
  });

  test("the original console methods still receive every call", () => {
    target.log("all good", 1);
    target.error("boom");
    expect(originals.log).toHaveBeenCalledWith("all good", 1);
    expect(originals.error).toHaveBeenCalledWith("boom");
  });

  test("keeps only the last 20 entries", () => {
    for (let i = 1; i <= 25; i++) target.error(`error ${i}`);
    const entries = getConsoleEntries();
    expect(entries).toHaveLength(20);
    expect(entries[0].message).toBe("error 6");
    expect(entries[19].message).toBe("error 25");
  });

  test("cuts long entries to 2000 characters and redacts secrets", () => {
    target.error("x".repeat(3000));
    target.warn("GET http://localhost:5173/reset-password?token=s3cret&type=recovery failed");
    const [long, secret] = getConsoleEntries();
    expect(long.message).toHaveLength(2000);
    expect(secret.message).toBe("GET http://localhost:5173/reset-password?token=[REDACTED]&type=recovery failed");
  });

  test("uncaught errors are captured too", () => {
    window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught TypeError: x is undefined" }));
    expect(getConsoleEntries()).toEqual([expect.objectContaining({ level: "error", message: "Uncaught TypeError: x is undefined" })]);
  });

  test("installing twice wraps once; uninstalling restores the console", () => {
    installConsoleBuffer(target, window);
    target.error("once");
    expect(getConsoleEntries()).toHaveLength(1);
    uninstall();
    expect(target.error).toBe(originals.error);
  });
});
