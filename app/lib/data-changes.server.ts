import pg from "pg";
import type { Database } from "./db.server";
import { logger } from "./logger.server";
import { remember } from "./remember.server";

/**
 * Cross-server invalidation of in-process caches (ADR 024). Triggers on the tables that
 * public pages are rendered from (migration shared_storage) run
 * `pg_notify('crevarde_data_changed', <table>)`; PostgreSQL delivers it at commit to every
 * session that LISTENs, so every app server (this one included) empties its caches before
 * the writer's response has left. PGlite has one process: its own LISTEN does the same.
 */
const DATA_CHANGED_CHANNEL = "crevarde_data_changed";

type Handler = (table: string) => void;
const handlers = remember("data-change-handlers", () => new Set<Handler>());
// How many listeners are up and connected: caches that cannot be told of a change must not keep data.
const listening = remember("data-change-listening", () => ({ count: 0 }));
const setListening = (delta: number) => {
  listening.count += delta;
  // what changed while nobody (or another listener) listened is unknown: forget everything
  dataChanged("*");
};

/** Whether this process is told of every data change now (a listener is up and connected). */
export function hearsDataChanges(): boolean {
  return listening.count > 0;
}

/**
 * Run `handler` whenever a notifying table changes (on any server), or only one of `tables`
 * when given ("*", anything may have changed, always runs it); returns the unsubscribe.
 */
export function onDataChange(handler: Handler, tables?: readonly string[]): () => void {
  const run: Handler = tables ? (table) => (table === "*" || tables.includes(table) ? handler(table) : undefined) : handler;
  handlers.add(run);
  return () => handlers.delete(run);
}

/** Empty the caches of this process ("*": anything may have changed, e.g. after a reconnection). */
export function dataChanged(table = "*") {
  for (const handler of handlers) {
    try {
      handler(table);
    } catch (error) {
      logger.error({ err: error, table }, "data change handler failed");
    }
  }
}

/**
 * LISTEN for data changes for as long as the process runs. On PostgreSQL a dedicated
 * connection (not one of the pool's) listens and reconnects after an error; since
 * notifications sent meanwhile are lost, every cache is emptied when it is back.
 * Returns the function that stops listening.
 */
export async function listenForDataChanges(database: Database, url?: string): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    if (!database.pglite) return async () => {};
    const unlisten = await database.pglite.listen(DATA_CHANGED_CHANNEL, (payload) => dataChanged(payload || "*"));
    setListening(1);
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      setListening(-1);
      await unlisten();
    };
  }
  if (!url) throw new Error("listenForDataChanges: the PostgreSQL URL is required");
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (message) => {
      if (message.channel === DATA_CHANGED_CHANNEL) dataChanged(message.payload || "*");
    });
    const lost = (error?: Error) => {
      if (stopped || client !== c) return;
      client = null;
      // changes made from now on go unheard: setListening empties the caches
      setListening(-1);
      logger.warn({ err: error }, "data changes: listening connection lost, reconnecting");
      c.end().catch(() => {});
      schedule();
    };
    c.on("error", lost);
    c.on("end", () => lost());
    await c.connect();
    try {
      await c.query(`listen ${DATA_CHANGED_CHANNEL}`);
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    setListening(1);
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        // what changed while nobody listened is unknown: forget everything
        () => dataChanged("*"),
        (error) => {
          logger.warn({ err: error }, "data changes: cannot listen yet");
          schedule();
        },
      );
    }, 1_000);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    if (c) setListening(-1);
    await c?.end().catch(() => {});
  };
}
