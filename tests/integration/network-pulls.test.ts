import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { affiliatePrograms } from "#db/schema";
import { jobHandlers } from "#app/composition/job-registry.server";
import { JobWorker, RetryLaterError, send } from "#app/lib/jobs.server";
import { registerSchedules } from "#app/lib/worker-process.server";
import { pullAwin } from "#app/modules/networks/awin/pull.server";
import { cjWatermarkKey, pullCj } from "#app/modules/networks/cj/pull.server";
import { pullEffiliation } from "#app/modules/networks/effiliation/pull.server";
import { pullImpact } from "#app/modules/networks/impact/pull.server";
import { pullKwanko } from "#app/modules/networks/kwanko/pull.server";
import { NETWORKS } from "#app/modules/networks/networks";
import { NetworkRateLimitedError, PullError, splitWindows, type PullOptions } from "#app/modules/networks/pull.server";
import { buildNetworkPullSchedules, NETWORK_PULL_QUEUE, runNetworkPull } from "#app/modules/networks/pull-jobs.server";
import { pullRakutenEvents, RAKUTEN_PAGE_SIZE, rakutenWatermarkKey } from "#app/modules/networks/rakuten/pull.server";
import { readNetworkState } from "#app/modules/networks/state.server";
import { pullTimeOne, timeOneWatermarkKey } from "#app/modules/networks/timeone/pull.server";
import { pullTradedoubler } from "#app/modules/networks/tradedoubler/pull.server";
import { describeEachDb } from "#tests/helpers/db";
import { fakeImport, fakeParse, networkFixture, startNetworkServer } from "#tests/helpers/network-server";

interface FetchRow {
  id: number;
  network: string;
  network_account_id: string | null;
  job: string;
  window_start: string | Date | null;
  window_end: string | Date | null;
  date_type: string | null;
  http_status: number | null;
  rows: number;
  inserted: number;
  rejected: number;
  error: string | null;
  body_sha256: string | null;
  finished_at: string | Date | null;
}

const NOW = new Date("2025-03-31T12:00:00Z");
const DAY = 86_400_000;

describe("splitWindows", () => {
  it("cuts a window into pieces of at most the network's maximum", () => {
    const start = new Date("2025-01-01T00:00:00Z");
    const windows = splitWindows(start, new Date(start.getTime() + 180 * DAY), 31);
    expect(windows).toHaveLength(6);
    expect(windows.every((w) => w.end.getTime() - w.start.getTime() <= 31 * DAY)).toBe(true);
    expect(windows[0].start).toEqual(start);
    expect(windows.at(-1)!.end).toEqual(new Date(start.getTime() + 180 * DAY));
    expect(splitWindows(start, new Date(start.getTime() + 31 * DAY), 31)).toHaveLength(1);
  });
});

describeEachDb("network pulls against a local server", ({ database }) => {
  let server: Awaited<ReturnType<typeof startNetworkServer>>;
  let imports: ReturnType<typeof fakeImport>;
  let sleeps: number[];
  let options: PullOptions;

  const db = () => database().db;
  const fetchRows = async () =>
    ((await db().execute(sql`select * from network_fetches order by id`)) as unknown as { rows: FetchRow[] }).rows;

  beforeAll(async () => {
    server = await startNetworkServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    server.requests.length = 0;
    imports = fakeImport();
    sleeps = [];
    options = {
      baseUrl: server.base,
      parse: fakeParse,
      importRecords: imports.importRecords,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      now: () => NOW,
      minIntervalMs: 0,
    };
    await db().execute(sql`delete from network_records`);
    await db().execute(sql`delete from network_fetches`);
    await db().execute(sql`delete from site_settings where key like 'network_%'`);
    await db().execute(sql`delete from affiliate_programs`);
    await db().execute(sql`delete from jobs`);
    await db().execute(sql`delete from job_schedules`);
  });

  it("Awin: splits a 40-day window into 31-day calls with the documented parameters, Bearer token, one fetch row per call", async () => {
    server.reply(() => ({ body: networkFixture("awin-transactions.json") }));
    const start = new Date(NOW.getTime() - 40 * DAY);
    const summary = await pullAwin({ token: "awin-token-1" }, { publisherId: "123456", dateType: "validation", start, end: NOW, job: "awin.pull.validation" }, options);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first.url.pathname).toBe("/publishers/123456/transactions/");
    expect(first.headers.authorization).toBe("Bearer awin-token-1");
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      startDate: "2025-02-19T12:00:00",
      endDate: "2025-03-22T12:00:00",
      timezone: "UTC",
      dateType: "validation",
    });
    expect(second.url.searchParams.get("startDate")).toBe("2025-03-22T12:00:00");
    expect(second.url.searchParams.get("endDate")).toBe("2025-03-31T12:00:00");
    const fixtureCount = (JSON.parse(networkFixture("awin-transactions.json")) as unknown[]).length;
    expect(summary).toMatchObject({ calls: 2, rows: 2 * fixtureCount, inserted: 2 * fixtureCount });

    const rows = await fetchRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ network: "awin", network_account_id: "123456", job: "awin.pull.validation", date_type: "validation", http_status: 200, rows: fixtureCount, inserted: fixtureCount, error: null });
    expect(rows[0].body_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(rows[0].window_start!).toISOString()).toBe(start.toISOString());
    expect(rows[0].finished_at).not.toBeNull();
    // each page went to the import as a pull, with its fetch row
    expect(imports.calls.map((c) => [c.source, c.fetchId, c.actor])).toEqual(rows.map((r) => ["pull", Number(r.id), "system"]));
  });

  it("Awin: calls are spaced 3 s apart (20 calls a minute)", async () => {
    server.reply(() => ({ body: "[]" }));
    const { minIntervalMs: _unused, ...spaced } = options;
    void _unused;
    await pullAwin({ token: `awin-token-spacing-${Math.random()}` }, { publisherId: "1", dateType: "transaction", start: new Date(NOW.getTime() - 63 * DAY), end: NOW, job: "t" }, spaced);
    expect(server.requests).toHaveLength(3);
    // the fixed clock does not move while the fake sleep returns: the third call waits for its slot 6 s after the first
    expect(sleeps).toEqual([3000, 6000]);
  });

  it("Awin: a 429 is waited out as Retry-After says, then the call is made again", async () => {
    server.reply((_req, i) => (i === 0 ? { status: 429, headers: { "Retry-After": "2" }, body: "slow down" } : { body: "[]" }));
    const summary = await pullAwin({ token: "awin-token-2" }, { publisherId: "1", dateType: "transaction", start: new Date(NOW.getTime() - 7 * DAY), end: NOW, job: "t" }, options);
    expect(sleeps).toEqual([2000]);
    expect(summary.calls).toBe(2);
    const rows = await fetchRows();
    expect(rows.map((r) => r.http_status)).toEqual([429, 200]);
    expect(rows[0].error).toContain("429");
  });

  it("Awin: a long Retry-After gives the job back to the runner with that delay", async () => {
    server.reply(() => ({ status: 429, headers: { "Retry-After": "600" }, body: "" }));
    const error = await pullAwin({ token: "awin-token-3" }, { publisherId: "1", dateType: "transaction", start: new Date(NOW.getTime() - DAY), end: NOW, job: "t" }, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkRateLimitedError);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).retryAfterSeconds).toBe(600);
    expect(sleeps).toEqual([]);
    expect(imports.calls).toHaveLength(0);
  });

  it("a 5xx is recorded and thrown (the job retries with backoff)", async () => {
    server.reply(() => ({ status: 503, body: "down" }));
    await expect(pullAwin({ token: "awin-token-4" }, { publisherId: "1", dateType: "transaction", start: new Date(NOW.getTime() - DAY), end: NOW, job: "t" }, options)).rejects.toBeInstanceOf(PullError);
    const rows = await fetchRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ http_status: 503, error: "réponse HTTP 503" });
  });

  it("a page the import cannot take fails the pull, with the error on its fetch row", async () => {
    server.reply(() => ({ body: networkFixture("awin-transactions.json") }));
    const failing = async () => {
      throw new Error("importRecords: not implemented yet");
    };
    await expect(
      pullAwin({ token: "awin-token-5" }, { publisherId: "1", dateType: "transaction", start: new Date(NOW.getTime() - DAY), end: NOW, job: "t" }, { ...options, importRecords: failing }),
    ).rejects.toThrow("not implemented");
    const [row] = await fetchRows();
    expect(row).toMatchObject({ http_status: 200, error: "import impossible : importRecords: not implemented yet" });
    expect(row.finished_at).not.toBeNull();
  });

  it("records the rows the parser refused on the fetch row, and imports the others", async () => {
    server.reply(() => ({ body: networkFixture("effiliation-transactions.csv"), headers: { "Content-Type": "text/csv" } }));
    const parse = (network: Parameters<typeof fakeParse>[0], text: string, o: { networkAccountId?: string }) => {
      const result = fakeParse(network, text, o);
      return { records: result.records.slice(1), rejected: [{ at: "ligne 2", message: "montant illisible" }] };
    };
    const summary = await pullEffiliation({ key: "k" }, { networkAccountId: null, type: "date", start: new Date(NOW.getTime() - 7 * DAY), end: NOW, job: "t" }, { ...options, parse });
    expect(summary).toMatchObject({ rows: 4, inserted: 3, rejected: 1 });
    expect((await fetchRows())[0]).toMatchObject({ rows: 4, inserted: 3, rejected: 1, error: "ligne 2 : montant illisible" });
    expect(imports.calls[0].records).toHaveLength(3);
  });

  it("Effiliation: transaction.csv with key, dd/MM/yyyy dates and type", async () => {
    server.reply(() => ({ body: networkFixture("effiliation-transactions.csv"), headers: { "Content-Type": "text/csv" } }));
    const summary = await pullEffiliation({ key: "effi-key" }, { networkAccountId: "101245454", type: "datevalidation", start: new Date(NOW.getTime() - 60 * DAY), end: NOW, job: "effiliation.pull.validation" }, options);
    const req = server.requests[0];
    expect(req.url.pathname).toBe("/apiv2/transaction.csv");
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ key: "effi-key", start: "30/01/2025", end: "31/03/2025", type: "datevalidation" });
    expect(summary.rows).toBe(4);
    expect((await fetchRows())[0]).toMatchObject({ network: "effiliation", date_type: "datevalidation", rows: 4 });
  });

  it("Kwanko: legacy requete.php with its fields and dates; a KO answer is an error", async () => {
    const csv = "OK 2\n4F47357018F191;03/03/2025 10:41:00;a;c7Hq2ZxP0aB9kLm3Nq4Rs;59.90;2.40;EUR;12345\n4F47357018F191;04/03/2025 10:41:00;v;;20.00;1.00;EUR;12345\n";
    server.reply(() => ({ body: csv, headers: { "Content-Type": "text/plain" } }));
    const summary = await pullKwanko({ login: "me", token: "kw-token" }, { networkAccountId: "12345", start: new Date(NOW.getTime() - 7 * DAY), end: NOW, job: "kwanko.pull.recent" }, options);
    const req = server.requests[0];
    expect(req.url.pathname).toBe("/requete.php");
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      authl: "me",
      authv: "kw-token",
      champs: "idprogramme,date,etat,argann,montant,gains,monnaie,idsite",
      debut: "2025-03-24",
      fin: "2025-03-31",
    });
    expect(summary.rows).toBe(2);

    server.reply(() => ({ body: "KO 3 Authentification incorrecte", headers: { "Content-Type": "text/plain" } }));
    await expect(pullKwanko({ login: "me", token: "bad" }, { networkAccountId: "12345", start: new Date(NOW.getTime() - DAY), end: NOW, job: "t" }, options)).rejects.toThrow("KO 3");
    expect((await fetchRows()).at(-1)!.error).toBe("refus du service (KO 3)");
  });

  it("CJ: loops with sinceCommissionId while payloadComplete is false, then keeps maxCommissionId as the watermark", async () => {
    const full = JSON.parse(networkFixture("cj-publisherCommissions.json")) as { data: { publisherCommissions: { records: unknown[] } } };
    const partial = { data: { publisherCommissions: { count: 1, payloadComplete: false, maxCommissionId: "3000000001", records: [full.data.publisherCommissions.records[0]] } } };
    const last = { data: { publisherCommissions: { ...full.data.publisherCommissions, count: 1, records: [full.data.publisherCommissions.records[1]] } } };
    server.reply((_req, i) => ({ body: JSON.stringify(i === 0 ? partial : last) }));
    const summary = await pullCj({ token: "cj-pat" }, { companyId: "7654321", start: new Date(NOW.getTime() - 31 * DAY), end: NOW, useWatermark: true, job: "cj.pull" }, options);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first.method).toBe("POST");
    expect(first.url.pathname).toBe("/query");
    expect(first.headers.authorization).toBe("Bearer cj-pat");
    expect(first.body).toContain('forPublishers: ["7654321"]');
    expect(first.body).toContain('sincePostingDate: "2025-02-28T12:00:00Z"');
    expect(first.body).not.toContain("sinceCommissionId");
    expect(second.body).toContain('sinceCommissionId: "3000000001"');
    expect(summary).toMatchObject({ calls: 2, rows: 2 });
    expect(await readNetworkState(cjWatermarkKey("7654321"))).toBe("3000000002");

    // the next run starts after the watermark
    server.reply(() => ({ body: JSON.stringify({ data: { publisherCommissions: { count: 0, payloadComplete: true, maxCommissionId: null, records: [] } } }) }));
    await pullCj({ token: "cj-pat" }, { companyId: "7654321", start: new Date(NOW.getTime() - 31 * DAY), end: NOW, useWatermark: true, job: "cj.pull" }, options);
    expect(server.requests[2].body).toContain('sinceCommissionId: "3000000002"');
    expect(await readNetworkState(cjWatermarkKey("7654321"))).toBe("3000000002");
  });

  it("CJ: GraphQL errors fail the pull without moving the watermark", async () => {
    server.reply(() => ({ body: JSON.stringify({ errors: [{ message: "Unauthorized" }] }) }));
    await expect(pullCj({ token: "bad" }, { companyId: "1", start: new Date(NOW.getTime() - DAY), end: NOW, useWatermark: true, job: "cj.pull" }, options)).rejects.toThrow("Unauthorized");
    expect(await readNetworkState(cjWatermarkKey("1"))).toBeNull();
    expect(imports.calls).toHaveLength(0);
  });

  it("Tradedoubler: OAuth2 token, then limit/offset pages of 100 until a short page", async () => {
    const fixture = JSON.parse(networkFixture("tradedoubler-transactions.json")) as { reportCurrencyCode: string; items: Array<Record<string, unknown>> };
    const fullPage = { reportCurrencyCode: "EUR", items: Array.from({ length: 100 }, (_, i) => ({ ...fixture.items[0], eventId: 900000 + i })) };
    server.reply((req) => {
      if (req.url.pathname === "/uaa/oauth/token") return { body: JSON.stringify({ access_token: "td-bearer", token_type: "bearer" }) };
      return { body: JSON.stringify(req.url.searchParams.get("offset") === "0" ? fullPage : fixture) };
    });
    const summary = await pullTradedoubler(
      { clientId: "cid", clientSecret: "csecret", username: "u", password: "p" },
      { networkAccountId: null, start: new Date(NOW.getTime() - 7 * DAY), end: NOW, job: "tradedoubler.pull.recent" },
      options,
    );
    const [token, page1, page2] = server.requests;
    expect(token.method).toBe("POST");
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from("cid:csecret").toString("base64")}`);
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({ grant_type: "password", username: "u", password: "p" });
    expect(page1.url.pathname).toBe("/publisher/report/transactions");
    expect(page1.headers.authorization).toBe("Bearer td-bearer");
    expect(Object.fromEntries(page1.url.searchParams)).toEqual({ reportCurrencyCode: "EUR", fromDate: "20250324", toDate: "20250331", limit: "100", offset: "0" });
    expect(page2.url.searchParams.get("offset")).toBe("100");
    expect(server.requests).toHaveLength(3);
    expect(summary).toMatchObject({ calls: 2, rows: 102 });
    expect(await fetchRows()).toHaveLength(2);
  });

  it("Impact: windows of at most 45 days, Basic auth, pages followed through @nextpageuri", async () => {
    const fixture = JSON.parse(networkFixture("impact-actions.json")) as Record<string, unknown>;
    server.reply((req) => {
      if (req.url.searchParams.get("Page") === "2") return { body: JSON.stringify({ ...fixture, "@page": "2", "@nextpageuri": "" }) };
      const isFirstWindow = req.url.searchParams.get("ActionDateStart") === "2025-02-14T12:00:00Z";
      return {
        body: JSON.stringify({
          ...fixture,
          "@numpages": isFirstWindow ? "2" : "1",
          "@nextpageuri": isFirstWindow ? `/Mediapartners/IRsid/Actions?ActionDateStart=2025-02-14T12:00:00Z&PageSize=20000&Page=2` : "",
        }),
      };
    });
    const summary = await pullImpact({ accountSid: "IRsid", authToken: "tok" }, { dateField: "ActionDate", start: new Date(NOW.getTime() - 45 * DAY), end: NOW, job: "impact.pull.recent" }, options);
    // 45 days: one window; the first page says there is a second
    expect(server.requests.map((r) => r.url.searchParams.get("Page"))).toEqual([null, "2"]);
    expect(server.requests[0].url.pathname).toBe("/Mediapartners/IRsid/Actions");
    expect(server.requests[0].headers.authorization).toBe(`Basic ${Buffer.from("IRsid:tok").toString("base64")}`);
    expect(server.requests[0].url.searchParams.get("PageSize")).toBe("20000");
    expect(summary.calls).toBe(2);

    server.requests.length = 0;
    server.reply(() => ({ body: JSON.stringify({ ...fixture, "@nextpageuri": "" }) }));
    await pullImpact({ accountSid: "IRsid", authToken: "tok" }, { dateField: "LockingDate", start: new Date(NOW.getTime() - DAY), end: new Date(NOW.getTime() + 45 * DAY), job: "impact.pull.locking" }, options);
    // 46 days: two windows
    expect(server.requests.map((r) => [r.url.searchParams.get("LockingDateStart"), r.url.searchParams.get("LockingDateEnd")])).toEqual([
      ["2025-03-30T12:00:00Z", "2025-05-14T12:00:00Z"],
      ["2025-05-14T12:00:00Z", "2025-05-15T12:00:00Z"],
    ]);
  });

  it("Impact: a @nextpageuri pointing at another host is not followed (the credentials stay home)", async () => {
    server.reply(() => ({ body: JSON.stringify({ Actions: [], "@nextpageuri": "https://evil.example/steal" }) }));
    await expect(pullImpact({ accountSid: "IRsid", authToken: "tok" }, { dateField: "ActionDate", start: new Date(NOW.getTime() - DAY), end: NOW, job: "t" }, options)).rejects.toBeInstanceOf(PullError);
    expect(server.requests).toHaveLength(1);
  });

  it("Rakuten: pages until a short one, then the process-date watermark; the next run starts 30 min before it", async () => {
    const fixture = networkFixture("rakuten-events.json");
    const full = JSON.stringify(Array.from({ length: RAKUTEN_PAGE_SIZE }, (_, i) => ({ etransaction_id: `E${i}`, order_id: `R-${i}` })));
    server.reply((req) => ({ body: req.url.searchParams.get("page") === "1" ? full : fixture }));
    const summary = await pullRakutenEvents({ token: "rk" }, { networkAccountId: "3131313", job: "rakuten.events" }, options);
    expect(server.requests.map((r) => r.url.searchParams.get("page"))).toEqual(["1", "2"]);
    expect(server.requests[0].headers.authorization).toBe("Bearer rk");
    expect(server.requests[0].url.pathname).toBe("/events/1.0/transactions");
    expect(server.requests[0].url.searchParams.get("process_date_start")).toBe("2025-03-24 12:00:00");
    expect(server.requests[0].url.searchParams.get("process_date_end")).toBe("2025-03-31 12:00:00");
    expect(server.requests[0].url.searchParams.get("limit")).toBe(String(RAKUTEN_PAGE_SIZE));
    expect(summary.rows).toBe(RAKUTEN_PAGE_SIZE + 3);
    expect(await readNetworkState(rakutenWatermarkKey("3131313"))).toBe(NOW.toISOString());

    server.requests.length = 0;
    server.reply(() => ({ body: "[]" }));
    const later = new Date(NOW.getTime() + 15 * 60_000);
    await pullRakutenEvents({ token: "rk" }, { networkAccountId: "3131313", job: "rakuten.events" }, { ...options, now: () => later });
    expect(server.requests[0].url.searchParams.get("process_date_start")).toBe("2025-03-31 11:30:00");
    expect(await readNetworkState(rakutenWatermarkKey("3131313"))).toBe(later.toISOString());
  });

  it("TimeOne: one rotating window per run; the limit text is a retry in 15 minutes, the window kept", async () => {
    server.reply(() => ({ body: networkFixture("timeone-subid.xml"), headers: { "Content-Type": "text/xml" } }));
    const summary = await pullTimeOne({ partnerId: "51238", key: "k1" }, { job: "timeone.pull" }, options);
    const req = server.requests[0];
    expect(req.url.pathname).toBe("/subid.php5");
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ p: "51238", k: "k1", dd: "2025-03-24", df: "2025-03-31" });
    expect(summary.rows).toBe(2);
    expect(await readNetworkState(timeOneWatermarkKey("51238"))).toBe(1);

    server.reply(() => ({ body: "You reached the limit of 3 call(s) in the last 900 seconds (15 min). Try again later. Thank you", headers: { "Content-Type": "text/plain" } }));
    const error = await pullTimeOne({ partnerId: "51238", key: "k1" }, { job: "timeone.pull" }, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkRateLimitedError);
    expect((error as RetryLaterError).retryAfterSeconds).toBe(900);
    expect(server.requests[1].url.searchParams.get("dd")).toBe("2025-02-22");
    expect(await readNetworkState(timeOneWatermarkKey("51238"))).toBe(1);
    expect((await fetchRows()).at(-1)!.error).toContain("15 minutes");
  });

  it("the job runner retries a rate-limited TimeOne pull 15 minutes later", async () => {
    server.reply(() => ({ body: "You reached the limit of 3 call(s) in the last 900 seconds (15 min). Try again later. Thank you" }));
    const id = await send(NETWORK_PULL_QUEUE, { network: "timeone", plan: "timeone.pull" });
    const worker = new JobWorker({
      db: db(),
      schedulerMs: null,
      handlers: { [NETWORK_PULL_QUEUE]: (job, ctx) => runNetworkPull(String(job.payload.plan), { ...options, credentials: { partnerId: "51238", key: "k" }, signal: ctx.signal }) },
    });
    expect(await worker.drain()).toBe(1);
    const { rows } = (await db().execute(sql`select extract(epoch from run_at - now())::float as wait, done_at, failed_at, last_error from jobs where id = ${id}`)) as unknown as {
      rows: Array<{ wait: number; done_at: unknown; failed_at: unknown; last_error: string }>;
    };
    expect(rows[0].done_at).toBeNull();
    expect(rows[0].failed_at).toBeNull();
    expect(rows[0].wait).toBeGreaterThan(890);
    expect(rows[0].wait).toBeLessThanOrEqual(900);
    expect(rows[0].last_error).toContain("timeone");
  });

  it("a scheduled Awin pull runs once per publisher account named by the programmes", async () => {
    await db().insert(affiliatePrograms).values([
      { network: "awin", networkAccountId: "111", networkProgramId: "3661", trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=3661&awinaffid=111&clickref={CLICK_ID}" },
      { network: "awin", networkAccountId: "222", networkProgramId: "3662", trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=3662&awinaffid=222&clickref={CLICK_ID}" },
    ]);
    server.reply(() => ({ body: "[]" }));
    const summary = await runNetworkPull("awin.pull.recent", { ...options, credentials: { token: "awin-token-accounts" } });
    expect(server.requests.map((r) => r.url.pathname).sort()).toEqual(["/publishers/111/transactions/", "/publishers/222/transactions/"]);
    expect(server.requests[0].url.searchParams.get("dateType")).toBe("transaction");
    expect(summary?.calls).toBe(2);
    // not configured: nothing is called
    server.requests.length = 0;
    expect(await runNetworkPull("awin.pull.recent", { ...options, env: {} })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it("schedules: one or more per network, enabled only for the networks whose credentials are set", async () => {
    const env = { AWIN_API_TOKEN: "a", TIMEONE_PARTNER_ID: "1", TIMEONE_API_KEY: "k", IMPACT_ACCOUNT_SID: "only-half" };
    const schedules = buildNetworkPullSchedules(env);
    for (const network of NETWORKS) expect(schedules.some((s) => s.payload?.network === network)).toBe(true);
    for (const s of schedules) expect(jobHandlers[s.queue ?? s.name]).toBeTypeOf("function");
    await registerSchedules(database(), jobHandlers, schedules);
    const { rows } = (await db().execute(sql`select name from job_schedules where enabled order by name`)) as unknown as { rows: Array<{ name: string }> };
    expect(rows.map((r) => r.name)).toEqual(["awin.pull.amendment", "awin.pull.backfill", "awin.pull.recent", "awin.pull.validation", "timeone.pull"]);
    expect(buildNetworkPullSchedules({}).filter((s) => s.enabled)).toEqual([]);
  });
});
