import { describe, expect, it } from "vitest";
import { dealFormSchema } from "#app/modules/deals/deal-form.schema";
import { offerFormSchema } from "#app/modules/offers/offer-form.schema";
import { pageFormSchema } from "#app/modules/pages/page-form.schema";
import { promoCodeFormSchema } from "#app/modules/promo-codes/promo-code-form.schema";
import { isInSchedule, SCHEDULE_MESSAGES, scheduleState, scheduleView } from "./schedule";

const now = new Date("2027-06-01T10:00:00Z");
const at = (iso: string) => new Date(iso);

describe("the schedule window", () => {
  it("is open without dates, from « Publier le » (included) until « Dépublier le » (excluded)", () => {
    expect(scheduleState({ publishAt: null, unpublishAt: null }, now)).toBe("live");
    expect(scheduleState({ publishAt: at("2027-06-01T10:01:00Z"), unpublishAt: null }, now)).toBe("scheduled");
    expect(scheduleState({ publishAt: now, unpublishAt: null }, now)).toBe("live");
    expect(scheduleState({ publishAt: null, unpublishAt: now }, now)).toBe("ended");
    expect(scheduleState({ publishAt: null, unpublishAt: "2027-06-01T10:00:01Z" }, now)).toBe("live");
    expect(isInSchedule({ publishAt: "2027-05-01T00:00:00Z", unpublishAt: "2027-07-01T00:00:00Z" }, now)).toBe(true);
    expect(isInSchedule({ publishAt: "2027-05-01T00:00:00Z", unpublishAt: "2027-05-02T00:00:00Z" }, now)).toBe(false);
  });

  it("gives an admin list ISO strings and the state", () => {
    expect(scheduleView({ publishAt: at("2027-06-02T08:00:00Z"), unpublishAt: null }, now)).toEqual({
      publishAt: "2027-06-02T08:00:00.000Z",
      unpublishAt: null,
      schedule: "scheduled",
    });
  });
});

describe("the scheduled forms", () => {
  const code = { brandId: "6f1c8f55-1f0e-4c57-9a39-0b7e4d1c2f11", code: "ETE", discountAmount: "10%" };

  it("read « Publier le » / « Dépublier le » as Paris time, summer and winter", () => {
    const summer = promoCodeFormSchema.parse({ ...code, publishAt: "2027-07-14T09:30", unpublishAt: "2027-12-24T18:00" });
    expect(summer.publishAt?.toISOString()).toBe("2027-07-14T07:30:00.000Z"); // CEST, UTC+2
    expect(summer.unpublishAt?.toISOString()).toBe("2027-12-24T17:00:00.000Z"); // CET, UTC+1
    // the night of the spring change: 03:30 exists once, at UTC+2
    expect(promoCodeFormSchema.parse({ ...code, publishAt: "2027-03-28T03:30" }).publishAt?.toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(promoCodeFormSchema.parse({ ...code, publishAt: "", unpublishAt: "" })).toMatchObject({ publishAt: null, unpublishAt: null });
  });

  it("refuse « Dépublier le » not after « Publier le », and a date that is not one, in French", () => {
    const same = promoCodeFormSchema.safeParse({ ...code, publishAt: "2027-07-14T09:30", unpublishAt: "2027-07-14T09:30" });
    expect(same.success).toBe(false);
    expect(same.error?.issues).toEqual([expect.objectContaining({ path: ["unpublishAt"], message: SCHEDULE_MESSAGES.order })]);
    const bad = promoCodeFormSchema.safeParse({ ...code, publishAt: "2027-02-30T10:00" });
    expect(bad.error?.issues[0]?.message).toBe(SCHEDULE_MESSAGES.date);
  });

  it("are the same two fields on deals, offers and pages", () => {
    const dates = { publishAt: "2027-07-14T09:30", unpublishAt: "2027-07-01T09:30" };
    const deal = dealFormSchema.safeParse({ title: "T", description: "D", price: "1€", source: "temu", badgeText: "Top", url: "https://www.temu.com/x", ...dates });
    const offer = offerFormSchema.safeParse({ brandId: code.brandId, name: "N", regularPrice: "10€", ...dates });
    const page = pageFormSchema.safeParse({ title: "Titre", slug: "titre", content: "<p>x</p>", ...dates });
    for (const result of [deal, offer, page]) expect(result.error?.issues.map((i) => i.message)).toEqual([SCHEDULE_MESSAGES.order]);
    expect(pageFormSchema.parse({ title: "Titre", slug: "titre", content: "<p>x</p>", publishAt: "2027-07-14T09:30" }).publishAt?.toISOString()).toBe("2027-07-14T07:30:00.000Z");
  });
});
