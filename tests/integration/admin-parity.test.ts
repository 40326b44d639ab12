import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { action as categoriesAction } from "#app/routes/admin/categories";
import { action as contentAction } from "#app/routes/admin/content";
import { accountsWithRoles, req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

/** A bulk form as the list's « Actions groupées » posts it. */
function bulk(intent: string, ids: string[], cookie: string) {
  const body = new URLSearchParams({ intent });
  for (const id of ids) body.append("ids", id);
  return req("/", { cookie, method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
}

describeEachDb("list parity: bulk actions on categories and content blocks (issue #37 item 10)", ({ database }) => {
  const staff = accountsWithRoles(["editor", "finance"]);
  const binned = (entity: string, ids: string[]) => database().db.$count(s.binnedRecords, and(eq(s.binnedRecords.entity, entity), inArray(s.binnedRecords.entityId, ids)));
  const audited = (ids: string[]) => database().db.$count(s.auditLog, and(eq(s.auditLog.action, "delete"), inArray(s.auditLog.entityId, ids)));

  it("deletes the ticked categories to the bin, each audited; their brands stay, without category; other roles are refused", async () => {
    const tag = randomUUID().slice(0, 6);
    const db = database().db;
    const rows = await db
      .insert(s.categories)
      .values([1, 2].map((i) => ({ name: `Groupée ${tag} ${i}`, slug: `groupee-${tag}-${i}` })))
      .returning();
    const ids = rows.map((r) => r.id);
    const [brand] = await db.insert(s.brands).values({ name: `Marque groupée ${tag}`, slug: `marque-groupee-${tag}`, categoryId: ids[0] }).returning();

    const refused = await callRoute(categoriesAction, bulk("bulk-delete", ids, staff.finance.cookie));
    expect(refused.status).toBe(403);
    expect(await db.$count(s.categories, inArray(s.categories.id, ids))).toBe(2);

    const done = await callRoute(categoriesAction, bulk("bulk-delete", [...ids, randomUUID()], staff.editor.cookie));
    expect([done.status, done.data.toast?.title]).toEqual([200, "2 catégories supprimées"]);
    expect(done.data.toast?.description).toMatch(/^1 élément n'existe plus : /);
    expect(await db.$count(s.categories, inArray(s.categories.id, ids))).toBe(0);
    expect(await binned("category", ids)).toBe(2);
    expect(await audited(ids)).toBe(2);
    const [kept] = await db.select().from(s.brands).where(eq(s.brands.id, brand.id));
    expect(kept.categoryId).toBeNull();
  });

  it("deletes the ticked content blocks to the bin, each audited; other roles are refused", async () => {
    const tag = randomUUID().slice(0, 6);
    const db = database().db;
    const rows = await db
      .insert(s.contentBlocks)
      .values([1, 2, 3].map((i) => ({ page: `groupee-${tag}`, name: `bloc-${tag}-${i}`, title: `Bloc ${i}`, content: "Texte" })))
      .returning();
    const ids = rows.slice(0, 2).map((r) => r.id);

    expect((await callRoute(contentAction, bulk("bulk-delete", ids, staff.finance.cookie))).status).toBe(403);
    const done = await callRoute(contentAction, bulk("bulk-delete", ids, staff.editor.cookie));
    expect([done.status, done.data.toast?.title]).toEqual([200, "2 blocs de contenu supprimés"]);
    expect((await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.page, `groupee-${tag}`))).map((b) => b.name)).toEqual([`bloc-${tag}-3`]);
    expect(await binned("content_block", ids)).toBe(2);
    expect(await audited(ids)).toBe(2);
    // an intent the list does not offer is not a bulk action
    expect((await callRoute(contentAction, bulk("bulk-publish", [rows[2].id], staff.editor.cookie))).status).toBe(400);
  });
});
