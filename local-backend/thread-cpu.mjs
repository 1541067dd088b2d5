// Convex holds a query or mutation to 1 s of its own execution (convex-backend's isolate
// timeout pauses while a syscall waits). Here that time is measured as wall time between
// syscalls, which a starved machine (more runnable threads than cores) stretches: a mutation
// that computes for 150 ms can take a second of wall time at a load of 12 on 2 cores. Before
// refusing, the thread's own CPU time since the function began must be past the limit too.
// It counts everything this thread ran meanwhile, so it never under-counts the function.
import { closeSync, openSync, readSync } from "node:fs";

const buffer = Buffer.alloc(64);
let fd = null;
let unavailable = false;

/**
 * This thread's CPU time in ms (Linux's per-thread schedstat, nanoseconds), or null where the
 * system has none. The file is opened once per thread (module state is per worker) and re-read
 * in place: about 2 µs a call.
 */
export function threadCpuMs() {
  if (unavailable) return null;
  try {
    fd ??= openSync("/proc/thread-self/schedstat", "r");
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const ns = Number(buffer.toString("latin1", 0, length).split(" ")[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    unavailable = true;
    if (fd !== null) closeSync(fd);
    return null;
  }
}

/**
 * A function's own time for placing it (functions.mjs): its wall time between syscalls, or the
 * thread's CPU time since it began when that is less. A starved thread stretches the first; other
 * functions sharing the thread while this one waits add to the second; neither stretches both.
 */
export function ownMs(busyMs, cpuAtStartMs) {
  const cpu = cpuAtStartMs === null || cpuAtStartMs === undefined ? null : threadCpuMs();
  return cpu === null ? busyMs : Math.min(busyMs, cpu - cpuAtStartMs);
}

/** True when a function that began at `cpuAtStartMs` (threadCpuMs) and ran `busyMs` of wall time is past `limitMs`. */
export function overTimeLimit(busyMs, cpuAtStartMs, limitMs) {
  if (busyMs <= limitMs) return false;
  if (cpuAtStartMs === null || cpuAtStartMs === undefined) return true;
  const cpu = threadCpuMs();
  return cpu === null || cpu - cpuAtStartMs > limitMs;
}
