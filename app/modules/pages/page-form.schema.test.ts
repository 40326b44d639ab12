import { describe, expect, it } from "vitest";
import { bulkPublishedTitle, PAGE_MESSAGES } from "./page-form.schema";

/** 1 January 2030, 9:00 in Paris. */
const NEW_YEAR_2030 = "2030-01-01T08:00:00.000Z";

describe("bulk publish title (issue #37 item 9)", () => {
  it("says a page whose « Publier le » is to come is scheduled, with its day", () => {
    expect(bulkPublishedTitle(1, [NEW_YEAR_2030])).toBe("1 page programmée pour le 1er janvier 2030");
    expect(bulkPublishedTitle(2, [NEW_YEAR_2030, "2030-01-01T20:00:00.000Z"])).toBe("2 pages programmées pour le 1er janvier 2030");
  });

  it("counts live and scheduled pages apart, each agreed", () => {
    expect(bulkPublishedTitle(1, [])).toBe("1 page publiée");
    expect(bulkPublishedTitle(3, [NEW_YEAR_2030])).toBe("2 pages publiées, 1 page programmée pour le 1er janvier 2030");
    expect(bulkPublishedTitle(2, ["2030-02-03T08:00:00.000Z", NEW_YEAR_2030])).toBe("2 pages programmées pour le 1er janvier 2030 et le 3 février 2030");
    expect(PAGE_MESSAGES.bulk.done["bulk-publish"](1, { scheduled: [NEW_YEAR_2030] })).toBe("1 page programmée pour le 1er janvier 2030");
  });

  it("agrees the confirmations through the plural rules", () => {
    expect(PAGE_MESSAGES.bulkConfirm["bulk-unpublish"](1)).toBe("Repasser cette page en brouillon ? Elle ne sera plus visible que par les administrateurs.");
    expect(PAGE_MESSAGES.bulkConfirm["bulk-unpublish"](2)).toBe("Repasser ces 2 pages en brouillon ? Elles ne seront plus visibles que par les administrateurs.");
    expect(PAGE_MESSAGES.bulk.done["bulk-delete"](0)).toBe("0 page supprimée");
  });
});
