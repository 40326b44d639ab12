import { and, eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { flushEvents, visitorHash } from "#app/modules/tracking/tracking.server";
import { startInProcessApp } from "#tests/helpers/app";
import { signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The production build with its root loader counted: a document rendered by React Router runs it. */
function countingRootLoads(counter: { loads: number }) {
  return (build: ServerBuild): ServerBuild => {
    const root = build.routes.root!;
    const loader = root.module.loader!;
    return {
      ...build,
      routes: {
        ...build.routes,
        root: {
          ...root,
          module: {
            ...root.module,
            loader: (args: Parameters<typeof loader>[0]) => {
              counter.loads++;
              return loader(args);
            },
          },
        },
      },
    };
  };
}

describeEachDb("/kpi redirect path (server/kpi-redirect.ts)", ({ database, kind }) => {
  const root = { loads: 0 };
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  let deal: typeof s.crevardeDeals.$inferSelect;

  beforeAll(async () => {
    await seed(database().db);
    [deal] = await database().db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.status, "published")).limit(1);
    app = await startInProcessApp({ build: countingRootLoads(root) });
  });
  afterAll(() => app.close());

  const kpi = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${app.base}/kpi?${query}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA, ...headers } });
  const clicks = async (userAgent: string) => {
    await flushEvents();
    // the in-process app sees the test's own address as the client's
    return database()
      .db.select()
      .from(s.analyticsEvents)
      .where(and(eq(s.analyticsEvents.event, "click_out"), eq(s.analyticsEvents.visitorHash, visitorHash("127.0.0.1", userAgent))));
  };

  it("answers an allowed destination's 302 without rendering a document, and records the click once", async () => {
    const ua = `${BROWSER_UA} redirect-${kind}`;
    const before = root.loads;
    const res = await kpi(`destination=${encodeURIComponent(deal.url)}&action=deal_click&label=Test&deal=${deal.id}`, { "user-agent": ua });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(deal.url);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("origin");
    // the security headers of every answer are still there
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(root.loads).toBe(before);
    const rows = await clicks(ua);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "deal_click", label: "Test", dealId: deal.id, destinationHost: new URL(deal.url).hostname, userId: null });
  });

  it("records the signed-in member's click and keeps the answer private", async () => {
    const member = await signedInUser();
    const ua = `${BROWSER_UA} member-${kind}`;
    const res = await kpi(`destination=${encodeURIComponent(deal.url)}&action=deal_click`, { "user-agent": ua, cookie: member.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const rows = await clicks(ua);
    expect(rows.map((r) => r.userId)).toEqual([member.id]);
  });

  it("leaves the spinner page, refusals and a missing destination to the route, recording nothing twice", async () => {
    const ua = `${BROWSER_UA} page-${kind}`;
    let before = root.loads;
    const page = await kpi(`destination=${encodeURIComponent(deal.url)}&action=temu_coupon_100&js=1`, { "user-agent": ua });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Redirection vers");
    expect(root.loads).toBe(before + 1);
    expect(await clicks(ua)).toHaveLength(1);

    before = root.loads;
    const refused = await kpi(`destination=${encodeURIComponent("https://evil.example/x")}`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(await refused.text()).toContain("Lien non autorisé");
    expect(root.loads).toBe(before + 1);

    const home = await kpi("action=x");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/");
  });
});
