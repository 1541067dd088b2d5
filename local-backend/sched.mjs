// The main thread is the backend's one serial resource (every session's messages, commits,
// invalidation and fan-out), and its function workers are woken by its messages. An ordinary
// thread woken by a message preempts the thread that woke it when it has waited longer (Linux's
// scheduler favours a thread that slept): on a machine with no idle core, each run or reply
// posted to a sleeping worker cost the main thread 120–360 µs of wall time instead of ~5 µs
// (a worker woken 1,000 times a second, one and two busy processes beside it). Under
// SCHED_BATCH a worker keeps its fair share of the CPU (nice 0) but does not preempt on waking:
// it runs on a free core or when the running thread's slice ends.
import { execFile } from "node:child_process";
import { readlinkSync } from "node:fs";

/** This thread's id in the kernel (Linux), or null elsewhere. */
export function kernelThreadId() {
  try {
    return Number(readlinkSync("/proc/thread-self").split("/").pop());
  } catch {
    return null;
  }
}

/**
 * Puts a thread of this process under SCHED_BATCH (util-linux's `chrt`); resolves when done or
 * when it cannot be (not Linux, no `chrt`): the thread then keeps the default policy.
 * @param {number | null} tid
 * @returns {Promise<void>}
 */
export function batchThread(tid) {
  if (tid === null || process.platform !== "linux") return Promise.resolve();
  return new Promise((resolve) => {
    execFile("chrt", ["--batch", "--pid", "0", String(tid)], () => resolve());
  });
}
