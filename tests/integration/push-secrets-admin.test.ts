import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action, loader } from "#app/routes/admin/programmes";
import { action as pushAction } from "#app/routes/api.network-push";
import { getEnv } from "#app/lib/env.server";
import { loggableUrl } from "#app/lib/logger.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

type Signed = SignedInUser;
interface Shown {
  ok: boolean;
  pushSecret?: { network: string; url: string };
  toast: { description?: string } | null;
}
interface Status {
  network: string;
  createdAt: string | Date | null;
  rotatedAt: string | Date | null;
  version: string;
}

const MONEY = "Accès réservé à la finance et aux administrateurs.";
const URL_PATTERN = /\/api\/networks\/(awin|kwanko)\/push\/([A-Za-z0-9_-]{43})$/;

/** ADR 017 §Push secrets: /admin/programmes generates, shows once, and rotates each network's push secret. */
describeEachDb("push secrets on /admin/programmes", ({ database }) => {
  const db = () => database().db;
  let finance: Signed;
  let admin: Signed;
  let editor: Signed;
  let member: Signed;
  beforeAll(async () => {
    finance = await signedInUser({ role: "finance" });
    admin = await signedInUser({ role: "admin" });
    editor = await signedInUser({ role: "editor" });
    member = await signedInUser();
  });

  const statuses = async (who: Signed) => {
    const res = await callRoute(loader, req("/admin/programmes", { cookie: who.cookie }));
    expect(res.status).toBe(200);
    return { raw: JSON.stringify(res.data), rows: (res.data as unknown as { pushSecrets: Status[] }).pushSecrets };
  };
  const generate = async (who: Signed, network: string, version?: string) => {
    const form: Record<string, string> = { intent: "push-secret", network };
    if (version !== undefined) form.version = version;
    const res = await callRoute(action, req("/admin/programmes", { cookie: who.cookie, form }));
    return { ...res, shown: res.data as unknown as Shown };
  };
  const push = (network: string, secret: string) => {
    const body = "AwinTransactionPush=%7B%22transactionId%22%3A%221%22%7D";
    const request = new Request(`http://localhost/api/networks/${network}/push/${secret}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    return callRoute(pushAction, request, { network, secret });
  };
  const secretOf = (url: string) => URL_PATTERN.exec(url)?.[2] ?? "";

  it("lists the pushing networks without a secret, then shows a generated URL once: not in the next page load, stored only as its hash", async () => {
    const before = await statuses(finance);
    expect(before.rows.map((r) => [r.network, r.createdAt, r.version])).toEqual([
      ["awin", null, "none"],
      ["kwanko", null, "none"],
    ]);

    const res = await generate(finance, "awin", "none");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const url = res.shown.pushSecret?.url ?? "";
    expect(url).toMatch(URL_PATTERN);
    expect(url.startsWith(getEnv().SITE_URL.replace(/\/$/, ""))).toBe(true);
    const secret = secretOf(url);
    expect(JSON.stringify(res.shown.toast)).not.toContain(secret);

    const after = await statuses(finance);
    expect(after.raw).not.toContain(secret);
    const hash = createHash("sha256").update(secret).digest("hex");
    expect(after.raw).not.toContain(hash);
    expect(after.rows[0].createdAt).not.toBeNull();
    expect(after.rows[0].rotatedAt).toBeNull();

    const [row] = await db().select().from(s.networkPushSecrets).where(eq(s.networkPushSecrets.network, "awin"));
    expect(row.secretHash).toBe(hash);
    expect(row.secretHash).not.toContain(secret);
    expect(row.createdBy).toBe(finance.id);

    expect((await push("awin", secret)).status).toBe(200);
    expect((await push("awin", hash)).status).toBe(404);
  });

  it("rotation invalidates the old URL at once, the new one is accepted; a stale form is refused without rotating", async () => {
    const [awin] = (await statuses(admin)).rows;
    const first = await generate(admin, "awin", awin.version);
    expect(first.status).toBe(200);
    const oldSecret = secretOf(first.shown.pushSecret?.url ?? "");
    const [afterFirst] = (await statuses(admin)).rows;
    expect(afterFirst.rotatedAt).not.toBeNull();

    // the same form sent again (a double click, another tab): 409, the secret is unchanged
    const stale = await generate(admin, "awin", awin.version);
    expect(stale.status).toBe(409);
    expect(stale.shown.pushSecret).toBeUndefined();
    expect((await push("awin", oldSecret)).status).toBe(200);

    const rotated = await generate(admin, "awin", afterFirst.version);
    expect(rotated.status).toBe(200);
    const newSecret = secretOf(rotated.shown.pushSecret?.url ?? "");
    expect(newSecret).not.toBe(oldSecret);
    expect((await push("awin", oldSecret)).status).toBe(404);
    expect((await push("awin", newSecret)).status).toBe(200);
    const [row] = await db().select().from(s.networkPushSecrets).where(eq(s.networkPushSecrets.network, "awin"));
    expect(row.rotatedBy).toBe(admin.id);
  });

  it("refuses members and editors (and networks that do not push), generating nothing", async () => {
    for (const [who, home] of [
      [member, "/"],
      [editor, "/admin"],
    ] as const) {
      const res = await generate(who, "kwanko", "none");
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.data)).toContain(MONEY);
      expect((await callRoute(loader, req("/admin/programmes", { cookie: who.cookie }))).location).toBe(home);
    }
    expect((await callRoute(action, req("/admin/programmes", { form: { intent: "push-secret", network: "kwanko" } }))).status).toBe(401);
    const cj = await generate(finance, "cj", "none");
    expect(cj.status).toBe(400);
    expect(await db().select().from(s.networkPushSecrets).where(eq(s.networkPushSecrets.network, "kwanko"))).toEqual([]);
  });

  it("audits every generation and rotation without the secret or its hash", async () => {
    const res = await generate(finance, "kwanko", "none");
    const secret = secretOf(res.shown.pushSecret?.url ?? "");
    const hash = createHash("sha256").update(secret).digest("hex");
    const entries = await db().select().from(s.auditLog).where(eq(s.auditLog.entity, "network_push_secret"));
    expect(entries.map((e) => [e.entityId, e.action, (e.after as { event: string }).event])).toEqual(
      expect.arrayContaining([
        ["awin", "create", "generated"],
        ["awin", "update", "rotated"],
        ["kwanko", "create", "generated"],
      ]),
    );
    expect(entries.filter((e) => e.action === "update")).toHaveLength(2);
    const kwanko = entries.find((e) => e.entityId === "kwanko");
    expect(kwanko?.actorId).toBe(finance.id);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(hash);
  });

  it("masks a push URL's secret in the logs", () => {
    expect(loggableUrl("/api/networks/awin/push/AbC_123-xyz?x=1")).toBe("/api/networks/awin/push/[secret]?x=1");
    expect(loggableUrl("https://crevarde.fr/api/networks/kwanko/push/s3cret")).toBe("https://crevarde.fr/api/networks/kwanko/push/[secret]");
    expect(loggableUrl("/admin/programmes")).toBe("/admin/programmes");
  });
});
