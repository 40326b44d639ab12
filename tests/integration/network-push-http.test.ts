import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generatePushSecret } from "#app/modules/networks/push.server";
import { createUser } from "#tests/helpers/auth";
import { startInProcessApp } from "#tests/helpers/app";
import { describeEachDb } from "#tests/helpers/db";
import { networkFixture } from "#tests/helpers/network-server";

/** The push endpoints through the real server (Express middlewares, React Router resource route). */
describeEachDb("network push endpoints over HTTP", ({ database }) => {
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  beforeAll(async () => {
    app = await startInProcessApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a server-to-server POST or GET is accepted with 200 OK and stored; a wrong secret is a 404 that does not echo it", async () => {
    const finance = await createUser({ role: "finance" });
    const { secret } = await generatePushSecret(finance, "awin");
    const line = networkFixture("awin-push.txt")
      .split("\n")
      .find((l) => l.startsWith("AwinTransactionPush="))!;
    const body = new URLSearchParams({ AwinTransactionPush: line.slice("AwinTransactionPush=".length) }).toString();
    const res = await fetch(`${app.base}/api/networks/awin/push/${secret}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8", "User-Agent": "Awin-Notifier" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");

    const { secret: kwanko } = await generatePushSecret(finance, "kwanko");
    const get = await fetch(`${app.base}/api/networks/kwanko/push/${kwanko}?sub=c7Hq2ZxP0aB9kLm3Nq4Rs&cid=KW-1&gain=3.20&cur=EUR&prog=P1`);
    expect(get.status).toBe(200);

    const wrong = await fetch(`${app.base}/api/networks/awin/push/guessed-secret-123`, { method: "POST", body: "AwinTransactionPush=%7B%7D" });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain("guessed-secret-123");

    const big = await fetch(`${app.base}/api/networks/awin/push/${secret}`, { method: "POST", body: "x".repeat(300 * 1024) });
    expect(big.status).toBe(413);

    const { rows } = (await database().db.execute(sql`select network, status, body from network_webhook_events order by id`)) as unknown as {
      rows: Array<{ network: string; status: string; body: string }>;
    };
    expect(rows.map((r) => [r.network, r.status])).toEqual([
      ["awin", "received"],
      ["kwanko", "received"],
    ]);
    expect(rows[0].body).toBe(body);
  });
});
