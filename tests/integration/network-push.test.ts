import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { affiliatePrograms } from "#db/schema";
import { action, loader } from "#app/routes/api.network-push";
import {
  AWIN_CONFIRM_QUEUE,
  confirmAwinPushes,
  processPushEvent,
  PUSH_MAX_BYTES,
  PUSH_PROCESS_QUEUE,
  generatePushSecret,
  pushUrl,
} from "#app/modules/networks/push.server";
import { NETWORK_PULL_QUEUE } from "#app/modules/networks/pull-jobs.server";
import type { NetworkName } from "#app/modules/networks/networks";
import type { ParseResult } from "#app/modules/networks/types";
import { createUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { fakeImport, fakeRecord, networkFixture, startNetworkServer } from "#tests/helpers/network-server";

interface EventRow {
  id: number;
  network: string;
  body: string;
  status: string;
  error: string | null;
  headers: Record<string, string>;
  parsed: { records: Array<{ recordId: string; networkAccountId: string }> } | null;
  processed_at: unknown;
  remote_ip_hash: string | null;
}

/** The Awin fixture's form body, url-encoded as Awin sends it. */
function awinPushBody(): string {
  const line = networkFixture("awin-push.txt")
    .split("\n")
    .find((l) => l.startsWith("AwinTransactionPush="))!;
  return new URLSearchParams({ AwinTransactionPush: line.slice("AwinTransactionPush=".length) }).toString();
}

const kwankoQuery = () =>
  networkFixture("kwanko-postback.txt")
    .split("\n")
    .find((l) => l.startsWith("GET "))!
    .replace(/^GET \S+\?/, "");

describeEachDb("network push endpoints", ({ database }) => {
  const db = () => database().db;
  const events = async () => ((await db().execute(sql`select * from network_webhook_events order by id`)) as unknown as { rows: EventRow[] }).rows;
  const jobs = async () =>
    ((await db().execute(sql`select queue, key, payload, run_at from jobs order by id`)) as unknown as { rows: Array<{ queue: string; key: string; payload: Record<string, unknown> }> }).rows;
  let awinSecret = "";
  let kwankoSecret = "";
  let finance: { id: string; email: string };

  const push = (network: string, secret: string, init: RequestInit & { query?: string } = {}) => {
    const url = `http://localhost/api/networks/${network}/push/${secret}${init.query ? `?${init.query}` : ""}`;
    const request = new Request(url, init);
    return callRoute(request.method === "GET" || request.method === "HEAD" ? loader : action, request, { network, secret });
  };
  const postAwin = (body: string, secret = awinSecret) =>
    push("awin", secret, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" } });

  beforeAll(async () => {
    finance = await createUser({ role: "finance" });
    awinSecret = (await generatePushSecret(finance, "awin")).secret;
    kwankoSecret = (await generatePushSecret(finance, "kwanko")).secret;
  });
  beforeEach(async () => {
    await db().execute(sql`delete from network_webhook_events`);
    await db().execute(sql`delete from network_fetches`);
    await db().execute(sql`delete from jobs`);
    await db().execute(sql`delete from rate_limits`);
    await db().execute(sql`delete from affiliate_programs`);
  });

  it("gives each network its own random secret, in its push URL, and keeps only its SHA-256", async () => {
    expect(awinSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kwankoSecret).not.toBe(awinSecret);
    expect(pushUrl("awin", awinSecret)).toMatch(new RegExp(`/api/networks/awin/push/${awinSecret}$`));
    const { rows } = (await db().execute(sql`select network, secret_hash from network_push_secrets order by network`)) as unknown as { rows: Array<{ network: string; secret_hash: string }> };
    expect(rows).toEqual([
      { network: "awin", secret_hash: createHash("sha256").update(awinSecret).digest("hex") },
      { network: "kwanko", secret_hash: createHash("sha256").update(kwankoSecret).digest("hex") },
    ]);
  });

  it("answers 404 to a wrong secret, an unknown network or a network without push, and stores nothing", async () => {
    expect((await postAwin(awinPushBody(), "x".repeat(43))).status).toBe(404);
    expect((await postAwin(awinPushBody(), kwankoSecret)).status).toBe(404);
    expect((await push("cj", awinSecret, { method: "POST", body: "a=1" })).status).toBe(404);
    expect((await push("nope", awinSecret)).status).toBe(404);
    expect(await events()).toHaveLength(0);
  });

  it("stores a valid Awin push, answers 200 without echoing it, and queues its processing", async () => {
    const body = awinPushBody();
    const res = await postAwin(body);
    expect(res.status).toBe(200);
    expect(res.data).toBe("OK");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const [event] = await events();
    expect(event).toMatchObject({ network: "awin", body, status: "received", error: null });
    expect(event.headers[":method"]).toBe("POST");
    expect(event.remote_ip_hash).toMatch(/^[0-9a-f]{32}$/);
    const queued = await jobs();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ queue: PUSH_PROCESS_QUEUE, payload: { eventId: Number(event.id) } });
  });

  it("stores a Kwanko conversion-track GET (its query string) and queues it", async () => {
    const query = kwankoQuery();
    const res = await push("kwanko", kwankoSecret, { query });
    expect(res.status).toBe(200);
    const [event] = await events();
    expect(event).toMatchObject({ network: "kwanko", body: query, status: "received" });
    expect((await jobs())[0].queue).toBe(PUSH_PROCESS_QUEUE);
  });

  it("answers 200 to garbage, stores it as invalid and queues nothing", async () => {
    const res = await postAwin("<script>alert(1)</script>&AwinTransactionPush={not json");
    expect(res.status).toBe(200);
    expect(res.data).toBe("OK");
    const getRes = await push("kwanko", kwankoSecret, { query: "hello=world" });
    expect(getRes.status).toBe(200);
    const nul = await postAwin("AwinTransactionPush=%7B%7D\u0000");
    expect(nul.status).toBe(200);
    const stored = await events();
    expect(stored.map((e) => e.status)).toEqual(["invalid", "invalid", "invalid"]);
    expect(stored[2].body).not.toContain("\u0000");
    expect(await jobs()).toHaveLength(0);
  });

  it("refuses a body over 256 KB with 413 and stores nothing; 256 KB is kept whole", async () => {
    const big = "a".repeat(300 * 1024);
    const res = await postAwin(big);
    expect(res.status).toBe(413);
    expect(String(res.data)).not.toContain("aaaa");
    // no Content-Length: the stream is cut at the limit
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await push("awin", awinSecret, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await events()).toHaveLength(0);

    const exact = await postAwin("b".repeat(PUSH_MAX_BYTES));
    expect(exact.status).toBe(200);
    const { rows } = (await db().execute(sql`select octet_length(body) as n, status from network_webhook_events`)) as unknown as { rows: Array<{ n: number; status: string }> };
    expect(rows).toEqual([{ n: PUSH_MAX_BYTES, status: "invalid" }]);
  });

  it("never stores more than 256 KB, even when bytes that are not UTF-8 grow on decoding", async () => {
    const res = await push("awin", awinSecret, { method: "POST", body: new Uint8Array(200 * 1024).fill(0xff), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    const { rows } = (await db().execute(sql`select octet_length(body) as n, status from network_webhook_events`)) as unknown as { rows: Array<{ n: number; status: string }> };
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("invalid");
    expect(rows[0].n).toBeLessThanOrEqual(PUSH_MAX_BYTES);
    expect(rows[0].n).toBeGreaterThan(PUSH_MAX_BYTES - 3);
  });

  it("allows GET and POST only", async () => {
    const res = await push("awin", awinSecret, { method: "PUT", body: awinPushBody() });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(await events()).toHaveLength(0);
  });

  it("is rate-limited per network (120 a minute): 429 with Retry-After, nothing stored", async () => {
    await db().execute(sql`insert into rate_limits (key, count, reset_at) values ('network-push:awin', 120, now() + interval '40 seconds')`);
    const res = await postAwin(awinPushBody());
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await events()).toHaveLength(0);
    // the other network has its own counter
    expect((await push("kwanko", kwankoSecret, { query: kwankoQuery() })).status).toBe(200);
  });

  it("a rotated secret replaces the old one", async () => {
    const { secret: fresh } = await generatePushSecret(finance, "kwanko");
    expect((await push("kwanko", kwankoSecret, { query: kwankoQuery() })).status).toBe(404);
    expect((await push("kwanko", fresh, { query: kwankoQuery() })).status).toBe(200);
    kwankoSecret = fresh;
  });

  it("processing: an Awin push is parsed, imported as a push (never pulled money) and confirmed later by ?ids=", async () => {
    await db().insert(affiliatePrograms).values({ network: "awin", networkAccountId: "123456", networkProgramId: "3661", trackingUrlTemplate: "https://x.test/?c={CLICK_ID}" });
    await postAwin(awinPushBody());
    const [event] = await events();
    const seen: string[] = [];
    const parse = (network: NetworkName, text: string): ParseResult => {
      seen.push(text);
      const json = JSON.parse(text.slice("AwinTransactionPush=".length)) as { transactionId: string; affiliateId: string; merchantId: string };
      return { records: [{ ...fakeRecord(network, json.transactionId, json.affiliateId), networkProgramId: json.merchantId }], rejected: [] };
    };
    const imports = fakeImport();
    expect(await processPushEvent(Number(event.id), { parse, importRecords: imports.importRecords, credentials: { token: "t" } })).toBe("received");
    expect(seen[0]).toMatch(/^AwinTransactionPush=\{"transactionId":"105956531"/);
    expect(imports.calls).toHaveLength(1);
    expect(imports.calls[0]).toMatchObject({ source: "push", actor: "system" });
    expect(imports.calls[0].records.map((r) => r.recordId)).toEqual(["105956531"]);
    const { rows: fetches } = (await db().execute(sql`select id, job, network from network_fetches`)) as unknown as { rows: Array<{ id: number; job: string; network: string }> };
    expect(fetches).toHaveLength(1);
    expect(fetches[0]).toMatchObject({ job: "push", network: "awin" });
    expect(imports.calls[0].fetchId).toBe(Number(fetches[0].id));
    const [processed] = await events();
    expect(processed.status).toBe("received");
    expect(processed.processed_at).not.toBeNull();
    expect(processed.parsed?.records[0]).toMatchObject({ recordId: "105956531", networkAccountId: "123456" });
    expect((await jobs()).map((j) => j.queue)).toContain(AWIN_CONFIRM_QUEUE);
    // a second run does nothing
    expect(await processPushEvent(Number(event.id), { parse, importRecords: imports.importRecords, credentials: { token: "t" } })).toBe("skipped");
    expect(imports.calls).toHaveLength(1);

    const server = await startNetworkServer();
    try {
      const confirmOptions = (importRecords: ReturnType<typeof fakeImport>["importRecords"]) => ({
        credentials: { token: "awin-confirm" },
        baseUrl: server.base,
        parse: (network: NetworkName, text: string) => ({ records: (JSON.parse(text) as Array<{ id: number }>).map((t) => fakeRecord(network, String(t.id), "123456")), rejected: [] }),
        importRecords,
        minIntervalMs: 0,
      });
      // not in Awin's answer yet: still pending (the job asks again later)
      server.reply(() => ({ body: "[]" }));
      expect(await confirmAwinPushes(confirmOptions(fakeImport().importRecords))).toEqual({ confirmed: 0, pending: 1 });
      expect((await events())[0].status).toBe("received");
      server.requests.length = 0;
      server.reply(() => ({ body: networkFixture("awin-transactions.json") }));
      const pulled = fakeImport();
      const confirmed = await confirmAwinPushes({
        credentials: { token: "awin-confirm" },
        baseUrl: server.base,
        parse: (network, text) => ({ records: (JSON.parse(text) as Array<{ id: number }>).map((t) => fakeRecord(network, String(t.id), "123456")), rejected: [] }),
        importRecords: pulled.importRecords,
        minIntervalMs: 0,
      });
      expect(confirmed).toEqual({ confirmed: 1, pending: 0 });
      expect(server.requests[0].url.pathname).toBe("/publishers/123456/transactions/");
      expect(server.requests[0].url.searchParams.get("ids")).toBe("105956531");
      expect(server.requests[0].headers.authorization).toBe("Bearer awin-confirm");
      expect(pulled.calls[0].source).toBe("pull");
      expect((await events())[0].status).toBe("confirmed");
      // a push older than 7 days is no longer asked about
      await postAwin(awinPushBody());
      const older = (await events())[1];
      await processPushEvent(Number(older.id), { parse, importRecords: imports.importRecords, credentials: null });
      await db().execute(sql`update network_webhook_events set received_at = now() - interval '8 days' where id = ${older.id}`);
      server.requests.length = 0;
      expect(await confirmAwinPushes(confirmOptions(fakeImport().importRecords))).toEqual({ confirmed: 0, pending: 0 });
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("processing: an import failure leaves the event unprocessed for the job's retry, with the error on its fetch row", async () => {
    await db().insert(affiliatePrograms).values({ network: "awin", networkAccountId: "123456", networkProgramId: "3661", trackingUrlTemplate: "https://x.test/?c={CLICK_ID}" });
    await postAwin(awinPushBody());
    const [event] = await events();
    const parse = (network: NetworkName): ParseResult => ({ records: [{ ...fakeRecord(network, "105956531", "123456"), networkProgramId: "3661" }], rejected: [] });
    const failing = async () => {
      throw new Error("base indisponible");
    };
    await expect(processPushEvent(Number(event.id), { parse, importRecords: failing, credentials: null })).rejects.toThrow("base indisponible");
    expect((await events())[0]).toMatchObject({ status: "received", processed_at: null });
    const { rows } = (await db().execute(sql`select error from network_fetches`)) as unknown as { rows: Array<{ error: string }> };
    expect(rows[0].error).toBe("import impossible : base indisponible");
  });

  it("processing: a push for an advertiser we have no programme with is ignored, not imported", async () => {
    await postAwin(awinPushBody());
    const [event] = await events();
    const imports = fakeImport();
    const parse = (network: NetworkName): ParseResult => ({ records: [{ ...fakeRecord(network, "105956531", "123456"), networkProgramId: "3661" }], rejected: [] });
    expect(await processPushEvent(Number(event.id), { parse, importRecords: imports.importRecords, credentials: { token: "t" } })).toBe("ignored");
    expect(imports.calls).toHaveLength(0);
    expect((await events())[0]).toMatchObject({ status: "ignored", error: "programme inconnu" });
  });

  it("processing: a push the parser refuses becomes invalid; a Kwanko push queues a confirming pull", async () => {
    await postAwin(awinPushBody());
    const [awin] = await events();
    const imports = fakeImport();
    const refuse = (): ParseResult => ({ records: [], rejected: [{ at: "notification", message: "montant illisible" }] });
    expect(await processPushEvent(Number(awin.id), { parse: refuse, importRecords: imports.importRecords, credentials: null })).toBe("invalid");
    expect((await events())[0]).toMatchObject({ status: "invalid", error: "notification : montant illisible" });

    await db().insert(affiliatePrograms).values({ network: "kwanko", networkAccountId: "12345", networkProgramId: "P4F47357018F191", trackingUrlTemplate: "https://x.test/?a={CLICK_ID}" });
    await push("kwanko", kwankoSecret, { query: kwankoQuery() });
    const kwanko = (await events())[1];
    const texts: string[] = [];
    const parse = (network: NetworkName, text: string): ParseResult => {
      texts.push(text);
      const q = new URLSearchParams(text.replace(/^GET \/\?/, ""));
      return { records: [{ ...fakeRecord(network, q.get("cid")!, ""), networkProgramId: q.get("prog") }], rejected: [] };
    };
    expect(await processPushEvent(Number(kwanko.id), { parse, importRecords: imports.importRecords, credentials: { token: "kw" } })).toBe("received");
    expect(texts[0]).toContain("cid=KW-5566778899");
    // the programme gives the account the push did not carry
    expect(imports.calls[0].records[0].networkAccountId).toBe("12345");
    const confirm = (await jobs()).find((j) => j.queue === NETWORK_PULL_QUEUE);
    expect(confirm).toMatchObject({ key: "kwanko.push.confirm", payload: { network: "kwanko", plan: "kwanko.pull.recent" } });
  });
});

