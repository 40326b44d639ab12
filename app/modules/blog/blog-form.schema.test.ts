import { describe, expect, it } from "vitest";
import { BIN_NOTICE } from "#app/modules/admin/history";
import { BLOG_MESSAGES } from "./blog-form.schema";

describe("the blog's bulk confirmations", () => {
  it("say that deleted articles go to the bin for 30 days, never that the delete is irreversible (ADR 044)", () => {
    expect(BLOG_MESSAGES.bulkConfirm["bulk-delete"](1)).toBe(`Supprimer cet article ? ${BIN_NOTICE}`);
    expect(BLOG_MESSAGES.bulkConfirm["bulk-delete"](3)).toBe(`Supprimer ces 3 articles ? ${BIN_NOTICE}`);
    expect(BLOG_MESSAGES.bulkConfirm["bulk-delete"](3)).not.toMatch(/irréversible|définitivement/);
  });
});
