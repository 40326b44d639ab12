import { describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { memberCashbackStatus } from "#db/states/member-cashback-status";
import { CASHBACK_EMAIL_KINDS, memberCashbackAwaiting, memberCashbackLost, memberCashbackStatusLabel, memberCashbackStatusTone } from "./statuses";

describe("member cashback statuses", () => {
  it("lists the same e-mail kinds as the schema", () => {
    expect(CASHBACK_EMAIL_KINDS).toEqual(schema.CASHBACK_EMAIL_KINDS);
  });

  it("gives each status its French label and a tone", () => {
    expect(memberCashbackStatus.states.map(memberCashbackStatusLabel)).toEqual([
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
    expect(memberCashbackStatus.states.filter(memberCashbackAwaiting)).toEqual(["tracked", "pending"]);
    expect(memberCashbackStatus.states.filter(memberCashbackLost)).toEqual(["refused", "reversed"]);
  });
});
