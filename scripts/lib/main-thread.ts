/**
 * What Lighthouse's total blocking time is made of, read from the trace of a run (`artifacts.Trace`): the page's
 * own work on the renderer's main thread, or time that thread spent waiting for a core while it ran a task.
 * Lighthouse's simulation takes each task's wall time from the trace, multiplies it by the CPU slowdown and counts
 * what exceeds 50 ms. On a 2-core host the browser's other threads (the compositor, Lighthouse's screenshots), the
 * compile threads and the site's server share the cores with that thread, so a task that used 2 ms of CPU can last
 * 30 ms. The thread's own CPU time per task (the trace's `tdur`) is what the page asked of it.
 */

/** A Chrome trace event, as Lighthouse's `artifacts.Trace.traceEvents` holds them (only the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface MainThreadBlocking {
  /** top-level main-thread tasks from the first contentful paint to the end of the trace */
  tasks: number;
  /** their wall time and their thread's CPU time, ms */
  wallMs: number;
  cpuMs: number;
  /** blocking time from each task's wall time, as Lighthouse's simulation counts it, ms */
  blockingFromWall: number;
  /** the same from each task's CPU time: the page's own blocking, without the wait for a core, ms */
  blockingFromCpu: number;
  /** the longest task's CPU time, ms */
  longestTaskCpuMs: number;
}

const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
/** Lighthouse's threshold for a task that blocks, after the slowdown */
const BLOCKING_MS = 50;

/**
 * The renderer main thread's tasks after the first contentful paint of `events` (the thread that painted it), with
 * the blocking time each of their wall and CPU times make at `slowdown`. Null when the trace has no such paint.
 */
export function mainThreadBlocking(events: readonly TraceEvent[], slowdown: number): MainThreadBlocking | null {
  const fcp = events.filter((e) => e.name === "firstContentfulPaint").sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) return null;
  const tasks = events
    .filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === "X" && TASK.has(e.name) && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts);
  const result: MainThreadBlocking = { tasks: 0, wallMs: 0, cpuMs: 0, blockingFromWall: 0, blockingFromCpu: 0, longestTaskCpuMs: 0 };
  let end = -Infinity;
  for (const task of tasks) {
    // a task nested in the one before (a RunTask inside a RunTask) is part of it
    if (task.ts < end) continue;
    end = task.ts + task.dur!;
    if (task.ts < fcp.ts) continue;
    const wall = task.dur! / 1000;
    const cpu = (task.tdur ?? task.dur!) / 1000;
    result.tasks++;
    result.wallMs += wall;
    result.cpuMs += cpu;
    result.blockingFromWall += Math.max(0, wall * slowdown - BLOCKING_MS);
    result.blockingFromCpu += Math.max(0, cpu * slowdown - BLOCKING_MS);
    result.longestTaskCpuMs = Math.max(result.longestTaskCpuMs, cpu);
  }
  return result;
}
