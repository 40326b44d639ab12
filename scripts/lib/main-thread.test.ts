import { describe, expect, it } from "vitest";
import { mainThreadBlocking, type TraceEvent } from "./main-thread";

const MAIN = { pid: 10, tid: 1 };
const OTHER = { pid: 10, tid: 2 };
/** a top-level task on `thread` at `at` ms, lasting `wall` ms of which `cpu` ms on the CPU */
const task = (thread: { pid: number; tid: number }, at: number, wall: number, cpu: number, name = "RunTask"): TraceEvent => ({
  name,
  ph: "X",
  ...thread,
  ts: at * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});

describe("mainThreadBlocking", () => {
  const events: TraceEvent[] = [
    task(MAIN, 5, 40, 40), // before the first paint: not counted
    { name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 100_000 },
    task(MAIN, 110, 30, 2), // waited 28 ms for a core
    task(MAIN, 112, 5, 1, "ThreadControllerImpl::RunTask"), // nested in the one above: part of it
    task(MAIN, 200, 10, 9),
    task(MAIN, 300, 4, 4),
    task(OTHER, 150, 80, 80), // another thread
  ];

  it("counts the main thread's top-level tasks after the first paint, by wall time as Lighthouse does and by CPU time", () => {
    const result = mainThreadBlocking(events, 8)!;
    expect(result.tasks).toBe(3);
    expect(result.wallMs).toBe(44);
    expect(result.cpuMs).toBe(15);
    // wall: 30 × 8 − 50 = 190, 10 × 8 − 50 = 30, 4 × 8 = 32 blocks nothing
    expect(result.blockingFromWall).toBe(220);
    // CPU: 2 × 8 and 4 × 8 block nothing, 9 × 8 − 50 = 22
    expect(result.blockingFromCpu).toBe(22);
    expect(result.longestTaskCpuMs).toBe(9);
  });

  it("takes the main thread from the first paint, and gives nothing without one", () => {
    expect(mainThreadBlocking(events.map((e) => (e.name === "firstContentfulPaint" ? { ...e, ...OTHER } : e)), 8)).toMatchObject({ tasks: 1, cpuMs: 80 });
    expect(mainThreadBlocking(events.filter((e) => e.name !== "firstContentfulPaint"), 8)).toBeNull();
  });
});
