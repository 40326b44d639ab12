import fs from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { NetworkName } from "#app/modules/networks/networks";
import type { ImportInput } from "#app/modules/conversions/import.server";
import type { ImportResult, NormalisedRecord, ParseResult } from "#app/modules/networks/types";

export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

/** A stub network on 127.0.0.1 (random port): `reply` decides each answer, `requests` keeps what came in. */
export async function startNetworkServer(): Promise<{
  base: string;
  requests: SeenRequest[];
  reply: (handler: (req: SeenRequest, index: number) => Reply) => void;
  close: () => Promise<void>;
}> {
  const requests: SeenRequest[] = [];
  let handler: (req: SeenRequest, index: number) => Reply = () => ({ status: 500, body: "no handler" });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const seen = { method: req.method ?? "GET", url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(seen);
      const r = handler(seen, requests.length - 1);
      res.writeHead(r.status ?? 200, { "Content-Type": "application/json", ...r.headers });
      res.end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    reply: (h) => {
      handler = h;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/networks");

/** A fixture of ../shared/fixtures/networks (the README's shapes). */
export function networkFixture(name: string): string {
  const local = path.join(FIXTURES, name);
  const file = fs.existsSync(local) ? local : path.join("/work/shared/fixtures/networks", name);
  return fs.readFileSync(file, "utf8");
}

/** A minimal normalised record (the fake parser's output; the real parsers are tested on their own). */
export function fakeRecord(network: NetworkName, recordId: string, networkAccountId = "acc"): NormalisedRecord {
  return {
    network,
    networkAccountId,
    networkProgramId: "prog",
    recordId,
    conversionKey: recordId,
    clickId: null,
    orderRef: null,
    status: "pending",
    networkStatusRaw: "pending",
    networkPaid: false,
    saleAmount: null,
    commissionAmount: "1.00",
    currency: "EUR",
    transactionAt: new Date("2025-03-03T10:41:00Z"),
    clickAt: null,
    validatedAt: null,
    lockingAt: null,
    declineReasonRaw: null,
    raw: { id: recordId },
  };
}

/**
 * Stand-in for the parsers: one record per item of the page's list (JSON
 * envelopes of each network), per data line (CSV) or per <action> (XML).
 */
export function fakeParse(network: NetworkName, text: string, options: { networkAccountId?: string }): ParseResult {
  const account = options.networkAccountId ?? "acc";
  const trimmed = text.trim();
  let ids: string[] = [];
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    const json = JSON.parse(trimmed) as Record<string, unknown> | unknown[];
    const list = (Array.isArray(json)
      ? json
      : ((json as { items?: unknown[] }).items ??
        (json as { Actions?: unknown[] }).Actions ??
        (json as { data?: { publisherCommissions?: { records?: unknown[] } } }).data?.publisherCommissions?.records ??
        [])) as Array<Record<string, unknown>>;
    ids = list.map((item, i) => String(item.id ?? item.commissionId ?? item.Id ?? item.eventId ?? item.etransaction_id ?? i));
  } else if (trimmed.startsWith("<")) {
    ids = [...trimmed.matchAll(/<action id="([^"]+)"/g)].map((m) => m[1]);
  } else {
    ids = trimmed.split("\n").slice(1).filter(Boolean).map((line) => line.split(/[|;]/)[0]);
  }
  return { records: ids.map((id) => fakeRecord(network, id, account)), rejected: [] };
}

/** Stand-in for the import: records the calls, counts every record as inserted. */
export function fakeImport() {
  const calls: ImportInput[] = [];
  const importRecords = async (input: ImportInput): Promise<ImportResult> => {
    calls.push(input);
    return { rows: input.records.length, inserted: input.records.length, updated: 0, unchanged: 0, rejected: [] };
  };
  return { calls, importRecords };
}
