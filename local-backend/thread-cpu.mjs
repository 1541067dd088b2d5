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
let lastReading = null;
let lastReadAt = -Infinity;

/**
 * A function's start may be read this stale (the reading before it began): it only makes the
 * thread's time since then larger, which neither limit nor placement acts on alone, and a busy
 * thread starts a function every millisecond or so, each reading costing about 10 µs.
 */
export const START_STALE_MS = 50;

/**
 * This thread's CPU time in ms (Linux's per-thread schedstat, nanoseconds), or null where the
 * system has none; a reading younger than `staleMs` is reused. The file is opened once per
 * thread (module state is per worker) and re-read in place.
 */
export function threadCpuMs(staleMs = 0) {
  if (unavailable) return null;
  const now = performance.now();
  if (now - lastReadAt < staleMs) return lastReading;
  try {
    fd ??= openSync("/proc/thread-self/schedstat", "r");
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const ns = Number(buffer.toString("latin1", 0, length).split(" ")[0]);
    lastReading = Number.isFinite(ns) ? ns / 1e6 : null;
    lastReadAt = now;
    return lastReading;
  } catch {
    unavailable = true;
    if (fd !== null) closeSync(fd);
    return null;
  }
}

// A function's own time, for placing it (functions.mjs). Many functions run at once on one thread,
// their code interleaved between their syscalls (each resumes in a microtask, after whatever was
// queued before it), so the wall time from a function's resumption to its next syscall can hold
// other functions' code and, in a worker, their waits for the main thread. But a function's code
// runs without a break from where it last resumed to its next syscall, and the host code that
// stops or resumes any function runs between such runs, never inside one: so the time since the
// last such mark, taken at each syscall, covers this function's run and little else.
let lastMark = performance.now();

/** A function on this thread stopped (made a syscall, ended) or was resumed: the host runs here. */
export function mark(now = performance.now()) {
  lastMark = now;
}

/** Called as a function makes a syscall or ends: the time its code can have run since its last resumption (ms). */
export function segmentMs(now = performance.now()) {
  const ms = now - lastMark;
  lastMark = now;
  return ms;
}

/**
 * A function's own time for placing it: the sum of its segments (segmentMs), or the thread's CPU
 * time since it began when that is less. A thread that waits for a core stretches the first;
 * other functions sharing the thread add to the second; neither stretches both.
 */
export function ownMs(segmentsMs, cpuAtStartMs) {
  // Under a millisecond nothing is decided (functions.mjs): the thread's time is not read.
  if (segmentsMs <= 1) return segmentsMs;
  const cpu = cpuAtStartMs === null || cpuAtStartMs === undefined ? null : threadCpuMs();
  return cpu === null ? segmentsMs : Math.min(segmentsMs, cpu - cpuAtStartMs);
}

/** True when a function that began at `cpuAtStartMs` (threadCpuMs) and ran `busyMs` of wall time is past `limitMs`. */
export function overTimeLimit(busyMs, cpuAtStartMs, limitMs) {
  if (busyMs <= limitMs) return false;
  if (cpuAtStartMs === null || cpuAtStartMs === undefined) return true;
  const cpu = threadCpuMs();
  return cpu === null || cpu - cpuAtStartMs > limitMs;
}
