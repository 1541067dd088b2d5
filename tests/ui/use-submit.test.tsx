import { act, renderHook } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useSubmit } from "../../src/lib/useSubmit";

const mocks = vi.hoisted(() => ({ toast: { error: vi.fn(), success: vi.fn() } }));
vi.mock("sonner", () => ({ toast: mocks.toast }));

beforeEach(() => mocks.toast.error.mockClear());

const refused = () => Promise.reject(new ConvexError({ code: "INVALID", message: "Code is wrong" }));

describe("useSubmit", () => {
  it("is busy while the action runs and free again once it succeeded", async () => {
    const { result } = renderHook(() => useSubmit({ fallback: "Failed" }));
    let finish!: () => void;
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await outcome;
    });
    await expect(outcome).resolves.toBe(true);
    expect(result.current.busy).toBe(false);
  });

  it("keeps the inline error of a refusal, or the fallback for raw server text", async () => {
    const { result } = renderHook(() => useSubmit({ fallback: "Failed" }));
    await act(async () => expect(await result.current.run(refused)).toBe(false));
    expect(result.current).toMatchObject({ busy: false, error: "Code is wrong" });
    await act(async () => void (await result.current.run(() => Promise.reject(new Error("[CONVEX] Server Error")))));
    expect(result.current.error).toBe("Failed");
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it("toasts the message instead when asked to", async () => {
    const { result } = renderHook(() => useSubmit({ fallback: "Failed", show: "toast" }));
    await act(async () => void (await result.current.run(refused)));
    expect(mocks.toast.error).toHaveBeenCalledWith("Code is wrong");
    expect(result.current.error).toBeNull();
  });

  it("with busyAfterSuccess stays busy after a success, but not after a refusal", async () => {
    const { result } = renderHook(() => useSubmit({ fallback: "Failed", busyAfterSuccess: true }));
    await act(async () => void (await result.current.run(refused)));
    expect(result.current).toMatchObject({ busy: false, error: "Code is wrong" });
    await act(async () => void (await result.current.run(() => Promise.resolve())));
    expect(result.current).toMatchObject({ busy: true, error: null });
  });
});
