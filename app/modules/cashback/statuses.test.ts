import { describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { CASHBACK_EMAIL_KINDS, MEMBER_CASHBACK_STATUSES, memberCashbackStatusLabel, memberCashbackStatusTone } from "./statuses";

describe("member cashback statuses", () => {
  it("lists the same statuses and e-mail kinds as the schema", () => {
    expect(MEMBER_CASHBACK_STATUSES).toEqual(schema.MEMBER_CASHBACK_STATUSES);
    expect(CASHBACK_EMAIL_KINDS).toEqual(schema.CASHBACK_EMAIL_KINDS);
  });

  it("gives each status its French label and a tone", () => {
    expect(MEMBER_CASHBACK_STATUSES.map(memberCashbackStatusLabel)).toEqual([
      "Achat détecté",
      "En attente de validation",
      "Validé",
      "Refusé",
      "Annulé après validation",
    ]);
    expect(memberCashbackStatusLabel("bogus")).toBe("En attente de validation");
    expect(memberCashbackStatusTone("validated")).toBe("success");
    expect(memberCashbackStatusTone("reversed")).toBe("danger");
    expect(memberCashbackStatusTone("tracked")).toBe("neutral");
  });
});
