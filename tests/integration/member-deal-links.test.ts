import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { DealCard, type DealCardData } from "#app/components/catalogue/deal-card";
import { kpiHref } from "#app/modules/tracking/kpi-link";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { loader as kpiLoader } from "#app/routes/kpi";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/** « Voir le deal » of a member's deal goes through /kpi to the member's link, and only there (issue #35 item 10). */
describeEachDb("member deal links", () => {
  const uniq = () => randomUUID().slice(0, 8);
  async function memberDeal(status: "published" | "pending_review" = "published") {
    const me = await signedInUser();
    const host = `boutique-${uniq()}.example.fr`;
    const url = `https://${host}/produit?ref=42`;
    const [deal] = await (await getDb())
      .insert(s.crevardeDeals)
      .values({ title: `Deal membre ${uniq()}`, description: "Un bon plan", price: "9,99€", source: "Boutique", badgeText: "Hot", url, authorId: me.id, status, publishedAt: status === "published" ? new Date() : null })
      .returning();
    invalidateAllowedHosts();
    return { deal, host, url };
  }
  const kpi = (params: Record<string, string>) => callRoute(kpiLoader, req(`/kpi?${new URLSearchParams(params)}`));

  it("redirects « Voir le deal » of a published member deal to its link, through the /kpi loader", async () => {
    const { deal, url } = await memberDeal();
    const href = kpiHref({ destination: url, action: "deal_click", label: deal.title, dealId: deal.id });
    const out = await callRoute(kpiLoader, req(href));
    expect(out.status).toBe(302);
    expect(out.location).toBe(url);
  });

  it("allows only that deal's host: not another host, not without the deal, not another deal, not an unpublished deal", async () => {
    const { deal, host, url } = await memberDeal();
    const other = await memberDeal();
    const pending = await memberDeal("pending_review");
    // the deal's host with another path is the same destination host: allowed
    expect((await kpi({ destination: `https://${host}/autre-page`, action: "deal_click", deal: deal.id })).status).toBe(302);
    const refusals: Record<string, string>[] = [
      { destination: "https://evil.example.com/", action: "deal_click", deal: deal.id },
      { destination: url, action: "deal_click" },
      { destination: url, action: "deal_click", deal: other.deal.id },
      { destination: url, action: "deal_click", deal: "pas-un-uuid" },
      { destination: pending.url, action: "deal_click", deal: pending.deal.id },
      { destination: `https://user:pw@${host}/`, action: "deal_click", deal: deal.id },
      { destination: `javascript://${host}/%0aalert(1)`, action: "deal_click", deal: deal.id },
    ];
    for (const params of refusals) {
      const out = await kpi(params);
      expect(out.status, JSON.stringify(params)).toBe(400);
      expect(out.data.refused).toBe(true);
    }
  });

  it("renders the member deal's link with rel=\"ugc nofollow\" (and sponsored, noopener); an editors' deal keeps sponsored nofollow", async () => {
    const { deal } = await memberDeal();
    const page = await callRoute(dealLoader, req(`/coup-de-crevarde/${deal.id}`), { id: deal.id });
    expect(page.status).toBe(200);
    expect(page.data.deal.memberPosted).toBe(true);
    const render = (d: DealCardData) => {
      const Stub = createRoutesStub([{ path: "*", Component: () => createElement(DealCard, { deal: d }) }]);
      return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/coup-de-crevarde"] }));
    };
    const html = render(page.data.deal);
    const rel = /<a href="\/kpi\?[^"]*" rel="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(rel.split(" ").sort()).toEqual(["nofollow", "noopener", "sponsored", "ugc"]);
    const editors = render({ ...page.data.deal, memberPosted: false });
    expect(/<a href="\/kpi\?[^"]*" rel="([^"]*)"/.exec(editors)?.[1]).toBe("sponsored nofollow");
  });
});
