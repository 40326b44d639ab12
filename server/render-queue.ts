import type { NextFunction, Request, Response } from "express";

/**
 * How long a response may hold its slot. A render on this 2-core machine takes
 * about 10 ms; one still going after a second is a slow client draining a page,
 * or a long export: it goes on without a slot, so it cannot hold up the queue.
 */
const SLOT_MS = 1_000;

export interface RenderQueue {
  /** Express middleware: the request waits its turn, and holds its slot until its response is done. */
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** Runs `render` in a slot (the micro-cache's own render of a page). */
  run<T>(render: () => Promise<T>): Promise<T>;
  /** Renders running, and requests waiting. */
  stats(): { running: number; waiting: number };
}

/**
 * A fair queue in front of React Router (ADR 026, amendment of 2026-11-27).
 *
 * A render runs from start to end in microtasks (the data is in memory or in
 * PGlite, React's work is queued as microtasks), so Node goes back to the
 * event loop only between the requests of one batch. Left alone, the server
 * reads every waiting request in one loop turn, renders them all, and only
 * then reaches the sockets again: a turn lasted 300–450 ms at 50 connections,
 * libuv accepted about one new connection per turn, and a new visitor waited
 * 5 to 10 s behind the open connections (autocannon's timeouts).
 *
 * Here at most `limit` requests run at once, in their order of arrival, and a
 * waiting request is started from `setImmediate`, that is on the next turn,
 * after the sockets have been read: a loop turn holds at most `limit` renders.
 * A slot is given back when the response has been written out (`finish`),
 * when the client has gone (`close`), or after `slotMs`. A request whose
 * client left while it waited is never run.
 */
export function createRenderQueue(limit: number, slotMs = SLOT_MS): RenderQueue {
  let running = 0;
  const waiting: Array<{ start: () => void; gone: () => boolean }> = [];
  let scheduled = false;

  function pump() {
    scheduled = false;
    while (running < limit && waiting.length > 0) {
      const next = waiting.shift()!;
      if (next.gone()) continue;
      running++;
      next.start();
    }
  }

  function schedule() {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(pump);
  }

  /** A slot held by one render: given back once, by whichever comes first. */
  function take(): () => void {
    let held = true;
    const timer = setTimeout(() => giveBack(), slotMs);
    timer.unref();
    function giveBack() {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      running--;
      schedule();
    }
    return giveBack;
  }

  function enqueue(start: () => void, gone: () => boolean) {
    waiting.push({ start, gone });
    schedule();
  }

  return {
    middleware(req, res, next) {
      let left = false;
      const leave = () => {
        left = true;
      };
      res.once("close", leave);
      enqueue(
        () => {
          res.off("close", leave);
          const giveBack = take();
          res.once("finish", giveBack);
          res.once("close", giveBack);
          next();
        },
        () => left || req.socket.destroyed,
      );
    },
    run(render) {
      return new Promise((resolve, reject) => {
        enqueue(
          () => {
            const giveBack = take();
            render().then(resolve, reject).finally(giveBack);
          },
          () => false,
        );
      });
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
